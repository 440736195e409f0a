/** /api/v1 catalogue: a script attaches a form's catalogue (read-and-write tokens). */
import { v1Api } from '@formscribe/common/api/v1';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';
import { receiveFormCatalogue } from '../images/formCatalogue.ts';

route(v1Api.attachCatalogue, { token: 'read_write', policy: managedForm }, (ctx, { resource: form }) =>
  receiveFormCatalogue(ctx, form),
);
