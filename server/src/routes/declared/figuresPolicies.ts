/**
 * The policies of the figures and data routes (stats, insights, disagreements, and their /api/v1
 * twins), as declared routes name them (declareRoute.ts), over the policies of server/src/policies/.
 */
import { loadManagedImage, loadViewableImage } from '../../policies/images.ts';
import { loadInsightsForm } from '../../policies/insights.ts';
import { byParam, formByParam } from './routePolicies.ts';

/** The form of `/…/forms/{id}`, for managers on the Professional plan and the administrator. */
export const insightsForm = formByParam('id', loadInsightsForm);

/** The image of `/api/images/{id}` with its form, for those who manage the form. */
export const managedImage = byParam('id', loadManagedImage);

/** The image of `/api/v1/images/{id}` with its form, for anyone who may see the form. */
export const viewableImage = byParam('id', loadViewableImage);
