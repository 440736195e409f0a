/**
 * /api/v1 imports: a script starts a IIIF import, follows an import's figures, cancels it. The
 * same handlers as the browser's routes (routes/images/formImports.ts), behind an API token.
 */
import { v1Api } from '@formscribe/common/api/v1';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';
import {
  cancelImportHandler,
  listImportsHandler,
  readImportHandler,
  startIiifImportHandler,
} from '../images/formImports.ts';

route(v1Api.startImport, { token: 'read_write', policy: managedForm }, startIiifImportHandler);
route(v1Api.listImports, { token: 'read', policy: managedForm }, listImportsHandler);
route(v1Api.getImport, { token: 'read', policy: managedForm }, readImportHandler);
route(v1Api.cancelImport, { token: 'read_write', policy: managedForm }, cancelImportHandler);
