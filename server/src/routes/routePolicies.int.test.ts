/**
 * Every route reaches a policy. The list of routes is not written here: it is read from the
 * declared routes the app dispatches (`declaredRoutes`) and the router mounted beside them
 * (`routers` in routes/index.ts, each router's `.stack` of layers), so a route added later is
 * checked without anyone remembering to add it.
 *
 * A route is either PUBLIC (declared `{ public: reason }`), SELF_SCOPED (`{ policy: 'self' }`:
 * signed in, acting only on the caller's own account or lists scoped to the caller), or a resource
 * route (`{ policy }`); routes/declared/declareRoute.ts. A route mounted on a router of its own
 * (not declared) is walked too, and fails the first test below. Every route
 * but the public ones answers a signed-out client 401. A resource route, called by a signed-in
 * stranger with its path filled with ids of another person's form, image, submission, invite,
 * contributor and files, answers 404 (may not see) or 403 (may not act) — which only a policy
 * gives. Either way the owner's data is unchanged and no answer carries any of it.
 *
 * Why HTTP and not instrumentation (policies flagging ctx.state): it proves the outcome a client
 * would notice, needs no test-only code in the app, and also catches a policy that runs but lets
 * the stranger through. A route whose input is validated before its policy needs a valid body in
 * VALID_BODIES; a new route that lacks one fails here with its 400, which is the prompt to add it.
 */
import { randomBytes } from 'node:crypto';
import { API_ROUTES } from '@formscribe/common/api/index';
import { type RouteContract, routerPath } from '@formscribe/common/api/routeContract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Form, FormImage, FormImport, FormInvite, FormSubmission } from '../models/index.ts';
import { addImages, CENSUS_FIELDS, type Person, person } from '../test/entryFixtures.ts';
import { createForm } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/testServer.ts';
import { declaredRoutes } from './declared/declareRoute.ts';
import { routers } from './index.ts';

/** Open to everyone, signed in or not, each with the reason its declaration gives. */
const PUBLIC = new Map(
  declaredRoutes.flatMap(({ contract, access }) => (access.public ? [[keyOf(contract), access.public]] : [])),
);

/** Signed in only: they read or change the caller's own account, or lists scoped to the caller. */
const SELF_SCOPED = new Set(
  declaredRoutes
    .filter(({ access }) => access.policy === 'self' && !access.token)
    .map(({ contract }) => keyOf(contract)),
);

/**
 * The public API authenticates with personal access tokens only: a cookie session is refused
 * there (401), so these routes are walked below with a cookie, and with tokens across owners in
 * routes/v1/v1CrossOwner.int.test.ts.
 */
const TOKEN_ONLY = new Set(declaredRoutes.filter(({ access }) => access.token).map(({ contract }) => keyOf(contract)));
const isTokenOnly = (route: Route) => TOKEN_ONLY.has(route.key);

interface Route {
  method: string;
  path: string;
  key: string;
}

function keyOf(contract: RouteContract): string {
  return `${contract.method.toUpperCase()} ${routerPath(contract.path)}`;
}

function appRoutes(): Route[] {
  const found = new Map<string, Route>();
  for (const { contract } of declaredRoutes) {
    const key = keyOf(contract);
    found.set(key, { method: contract.method.toUpperCase(), path: routerPath(contract.path), key });
  }
  for (const router of routers) {
    for (const layer of router.stack) {
      for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
        const key = `${method} ${String(layer.path)}`;
        found.set(key, { method, path: String(layer.path), key });
      }
    }
  }
  return [...found.values()];
}

let server: TestServer;
let owner: Person;
let contributor: Person;
let stranger: Person;
let form: Form;
let image: FormImage;
let submission: FormSubmission;
let invite: FormInvite;
let adminToken: FormInvite;
let formImport: FormImport;
/** Text that appears only in the owner's data: no answer to the stranger may contain it. */
const marker = `secret-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  server = await startTestServer();
  owner = await person(server);
  stranger = await person(server);
  form = await createForm(owner.user, { name: `Form ${marker}`, fields: CENSUS_FIELDS });
  contributor = await person(server, form);
  const [first] = await addImages(form, 2);
  if (!first) throw new Error('no image');
  image = await FormImage.query().patchAndFetchById(first.id, {
    originalName: `${marker}.jpg`,
    thumbnailFilename: `thumb-${first.filename}`,
    isComplete: true,
  });
  submission = await FormSubmission.query().insertAndFetch({
    formId: form.id,
    imageId: image.id,
    submittedById: contributor.user.id,
    data: { name: marker },
    status: 'submitted',
  });
  invite = await FormInvite.query().insertAndFetch({
    formId: form.id,
    token: randomBytes(16).toString('hex'),
    accessType: 'anyone',
    createdById: owner.user.id,
  });
  formImport = await FormImport.query().insertAndFetch({
    formId: form.id,
    createdById: owner.user.id,
    kind: 'file',
    name: `${marker}.zip`,
    status: 'done',
  });
  adminToken = await FormInvite.query().insertAndFetch({
    formId: form.id,
    token: randomBytes(16).toString('hex'),
    accessType: 'owner',
    createdById: owner.user.id,
  });
});
afterAll(() => server.stop());

/** The route's path with every parameter filled with something of the owner's. */
function fill(path: string): string {
  const resource = path.startsWith('/api/images/')
    ? image.id
    : path.startsWith('/api/submissions/')
      ? submission.id
      : form.id;
  return path
    .replace(':id', String(resource))
    .replace(':userId', String(contributor.user.id))
    .replace(':inviteId', String(invite.id))
    .replace(':importId', String(formImport.id))
    .replace(':campaignId', '1')
    .replace(':fieldId', 'name')
    .replace(':token', adminToken.token)
    .replace(':filename', path.includes('thumbnail') ? (image.thumbnailFilename ?? '') : image.filename);
}

/** Bodies valid for routes that check their input before their policy (else the answer is a 400). */
const VALID_BODIES: Record<string, () => unknown> = {
  'POST /api/forms/deactivate-multiple': () => ({ formIds: [form.id] }),
  'POST /api/forms/:id/submissions': () => ({ imageId: image.id, data: { name: 'Stranger' } }),
  'PATCH /api/forms/:id': () => ({ name: 'Taken over' }),
  'POST /api/forms/:id/invites': () => ({}),
  'POST /api/forms/:id/admin-access': () => ({ imageId: image.id }),
  'POST /api/forms/:id/users/:userId/block': () => ({ reason: 'spam' }),
  'POST /api/images/:id/rotate': () => ({ rotation: 90 }),
  'PUT /api/forms/:id/regions': () => ({ contributorsMayShift: true }),
  'PUT /api/images/:id/region-shift': () => ({ dx: 0.01, dy: 0 }),
  'PUT /api/forms/:id/machine-reading': () => ({ enabled: true }),
  'POST /api/images/:id/resolutions': () => ({ fieldId: 'name', value: 'Forged' }),
  'POST /api/forms/:id/export': () => ({ exportType: 'all' }),
  'POST /api/create-subscription': () => ({ planId: 'starter' }),
  'POST /api/upgrade-subscription': () => ({ planId: 'professional' }),
  'POST /api/complete-upgrade': () => ({ planId: 'professional' }),
  'POST /api/downgrade-subscription': () => ({ planId: 'free', validateOnly: true }),
  'POST /api/test-payments/confirm': () => ({ clientSecret: 'tpi_not_yours', cardNumber: '4242 4242 4242 4242' }),
  'POST /api/forms/:id/email-campaigns': () => ({ subject: 'Taken over', senderName: 'Stranger' }),
  'POST /api/api-tokens': () => ({ name: 'Stranger token', scope: 'read_write' }),
};

function bodyFor(route: Route): unknown {
  return VALID_BODIES[route.key]?.();
}

/** Every row of the owner's world: their form and everything under it, and the two people in it. */
async function ownersWorld(): Promise<string> {
  const tables = await server
    .knex('information_schema.columns')
    .where({ table_schema: 'public', column_name: 'form_id' })
    .pluck('table_name');
  const rows: Record<string, unknown[]> = {
    forms: await server.knex('forms').where({ id: form.id }),
    users: await server.knex('users').whereIn('id', [owner.user.id, contributor.user.id]).orderBy('id'),
  };
  for (const table of [...tables].sort()) {
    // Not every table has an id (image leases are keyed by image and person): order by content.
    const tableRows: unknown[] = await server.knex(table).where({ form_id: form.id });
    rows[table] = tableRows.map((row) => JSON.stringify(row)).sort();
  }
  return JSON.stringify(rows);
}

const routes = appRoutes();
const guarded = routes.filter((route) => !PUBLIC.has(route.key));
const resourceRoutes = guarded.filter((route) => !SELF_SCOPED.has(route.key) && !isTokenOnly(route));

describe('every route the app mounts reaches a policy', () => {
  it('every route is declared once, from a contract of common/src/api', () => {
    const declared = new Set(declaredRoutes.map(({ contract }) => keyOf(contract)));
    expect(routes.map((route) => route.key).filter((key) => !declared.has(key))).toEqual([]);
    expect(declared.size).toBe(declaredRoutes.length);
    // Every declared route has its contract in common/src/api, and every contract there is declared.
    const contracts = new Set(API_ROUTES.map(keyOf));
    expect([...declared].filter((key) => !contracts.has(key))).toEqual([]);
    expect([...contracts].filter((key) => !declared.has(key))).toEqual([]);
    expect(resourceRoutes.length).toBeGreaterThan(40);
  });

  it.each(guarded.map((route) => [route.key, route] as const))('%s: signed out gets 401', async (_key, route) => {
    const before = await ownersWorld();
    const res = await server.client().request(route.method, fill(route.path), bodyFor(route));
    expect(res.status).toBe(401);
    expect(await ownersWorld()).toBe(before);
  });

  it.each(resourceRoutes.map((route) => [route.key, route] as const))(
    '%s: a signed-in stranger gets 404 or 403 and changes nothing',
    async (_key, route) => {
      const before = await ownersWorld();
      const res = await stranger.client.request(route.method, fill(route.path), bodyFor(route));
      expect([403, 404], `${res.status} ${res.text}`).toContain(res.status);
      expect(res.text).not.toContain(marker);
      expect(await ownersWorld()).toBe(before);
    },
  );

  it.each(guarded.filter(isTokenOnly).map((route) => [route.key, route] as const))(
    '%s: a signed-in cookie session without a token gets 401',
    async (_key, route) => {
      const before = await ownersWorld();
      const res = await owner.client.request(route.method, fill(route.path), bodyFor(route));
      expect(res.status, res.text).toBe(401);
      expect(res.text).not.toContain(marker);
      expect(await ownersWorld()).toBe(before);
    },
  );

  it.each([...SELF_SCOPED].map((key) => [key, routes.find((route) => route.key === key)] as const))(
    '%s: a signed-in stranger reaches only their own account',
    async (_key, route) => {
      if (!route) throw new Error('route listed but not mounted');
      const before = await ownersWorld();
      const res = await stranger.client.request(route.method, fill(route.path), bodyFor(route));
      expect(res.text).not.toContain(marker);
      expect(await ownersWorld()).toBe(before);
    },
  );
});
