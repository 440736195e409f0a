/**
 * The /api/v1 router with every route declared on it. Each file below declares its routes with
 * v1Route when imported (see v1Router.ts for how to add one); add a new file's import here.
 */
import './v1Forms.ts';
import './v1Images.ts';
import './v1Catalogue.ts';
import './v1Imports.ts';
import './v1Data.ts';
import './v1FormFigures.ts';
import './v1Insights.ts';
import './v1OpenApi.ts';

export { v1Router } from './v1Router.ts';
