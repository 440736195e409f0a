/**
 * Who may do what with a form: the one place that decides (docs/architecture.md).
 * A form the caller may not see is a 404; an action they may not take is a 403.
 */
import { MESSAGES } from '@formscribe/common/messages';
import type { AppDeps, PrefetchedForm } from '../appTypes.ts';
import { isJsonRow, readRow, rowFromJson } from '../db/leanReads.ts';
import { plannedOnce } from '../db/plannedOnce.ts';
import { forbidden, notFound } from '../errors.ts';
import { Form, FormAccess, FormUserBlock, User } from '../models/index.ts';

/** What a policy needs to know about the app: REST contexts and sockets both provide it. */
export interface PolicyContext {
  deps: { config: Pick<AppDeps['config'], 'adminEmail'> };
  /** REST requests: the form their path names may have been read with the session. */
  state?: { prefetchedForm?: PrefetchedForm };
}

export const FORM_NOT_FOUND = MESSAGES.formNotFound;

export const isAdmin = (ctx: PolicyContext, user: User) => user.username === ctx.deps.config.adminEmail;

/** The creator and the super admin manage a form: settings, images, users, data, sharing. */
export function canManageForm(ctx: PolicyContext, user: User, form: Form): boolean {
  return form.createdById === user.id || isAdmin(ctx, user);
}

/** Where a user stands towards a form, as read with the form (readFormWithStanding). */
interface Standing {
  userId: number;
  hasAccess: boolean;
  isBlocked: boolean;
}
/** Forms loaded by a policy remember the caller's standing, so later checks in the request reuse it. */
const standings = new WeakMap<Form, Standing>();

/**
 * The form's row as JSON with whether user `userId` (an SQL expression) has access to it or is
 * blocked from it: the same shape as the session's prefetched form (services/sessions.ts). One
 * JSON column, never `f.*`, so the columns out stay the same when a migration adds one to forms
 * and the statements that read it can be planned once per connection (db/plannedOnce.ts).
 */
const formWithStandingJson = (userId: string) => `to_jsonb(f) || jsonb_build_object(
    'caller_has_access', EXISTS (SELECT 1 FROM form_access a WHERE a.form_id = f.id AND a.user_id = ${userId}),
    'caller_is_blocked', EXISTS (SELECT 1 FROM form_user_blocks b WHERE b.form_id = f.id AND b.user_id = ${userId}))`;

/** A form with the caller's standing; bindings: the user's id twice, then the form's id. */
export const FORM_WITH_STANDING_SQL = `SELECT ${formWithStandingJson('?')} AS form_with_standing
  FROM forms f WHERE f.id = ?`;

/**
 * A user as their account is now, with the form of an image and their standing towards it (null
 * when there is no such image): what a socket's watch of an image decides on, in one statement.
 * No row when the user is gone. Bindings: the image's id, then the user's.
 */
const USER_AND_FORM_OF_IMAGE_SQL = `SELECT to_jsonb(u) AS user_row,
    (SELECT ${formWithStandingJson('u.id')} FROM forms f
     WHERE f.id = (SELECT i.form_id FROM form_images i WHERE i.id = ?)) AS form_with_standing
  FROM users u WHERE u.id = ?`;

const STATEMENTS = {
  formWithStanding: plannedOnce('form_with_standing'),
  userAndFormOfImage: plannedOnce('user_and_form_of_image'),
};

/**
 * The form and whether the user has access to it or is blocked from it, in one statement. Most
 * form routes start here, so the statement is fixed SQL (db/leanReads.ts).
 */
async function readFormWithStanding(user: User, formId: number): Promise<Form | undefined> {
  const row = await readRow(
    Form.knex(),
    FORM_WITH_STANDING_SQL,
    [user.id, user.id, formId],
    STATEMENTS.formWithStanding,
  );
  return row && isJsonRow(row.formWithStanding) ? formFromStandingJson(user, row.formWithStanding) : undefined;
}

/** A form read as JSON with the caller's standing (`formWithStandingJson`), as a model that remembers it. */
function formFromStandingJson(user: User, json: Record<string, unknown>): Form {
  return formFromStandingRow(user, rowFromJson(json));
}

/**
 * The form the session read brought for this user and form, taken once: a later load in the same
 * request (after a change, say) reads the form again. Undefined when there is none to take.
 */
function takePrefetchedForm(ctx: PolicyContext, user: User, formId: number): { form: Form | undefined } | undefined {
  const prefetched = ctx.state?.prefetchedForm;
  if (!prefetched || prefetched.userId !== user.id || prefetched.formId !== formId) return undefined;
  if (ctx.state) ctx.state.prefetchedForm = undefined;
  if (!prefetched.row) return { form: undefined };
  return { form: formFromStandingJson(user, prefetched.row) };
}

/** A form row (camelCase keys) with the caller's standing flags, as a model that remembers the standing. */
function formFromStandingRow(user: User, row: Record<string, unknown>): Form {
  // The flags describe the caller, not the form: they must not travel with the model (patches, JSON).
  const { callerHasAccess, callerIsBlocked, ...formRow } = row;
  const form = Form.fromDatabaseJson(formRow);
  standings.set(form, { userId: user.id, hasAccess: callerHasAccess === true, isBlocked: callerIsBlocked === true });
  return form;
}

/** The standing remembered for this form and user, if a policy read it in this request. */
const knownStanding = (user: User, form: Form) => {
  const standing = standings.get(form);
  return standing?.userId === user.id ? standing : undefined;
};

/** Contributors reach a form through form_access (granted by an invite link). */
export async function hasFormAccess(user: User, form: Form): Promise<boolean> {
  const known = knownStanding(user, form);
  if (known) return known.hasAccess;
  return Boolean(await FormAccess.query().findOne({ formId: form.id, userId: user.id }));
}

export async function isBlockedFromForm(user: User, form: Form): Promise<boolean> {
  const known = knownStanding(user, form);
  if (known) return known.isBlocked;
  return Boolean(await FormUserBlock.query().findOne({ formId: form.id, userId: user.id }));
}

/** How the caller stands towards a form they may see: it decides what the form's pages and rooms show. */
export type FormRole = 'owner' | 'contributor';

export function formRole(ctx: PolicyContext, user: User, form: Form): FormRole {
  return canManageForm(ctx, user, form) ? 'owner' : 'contributor';
}

/** The viewer a form presenter needs: who asks, and whether they manage it. */
export function formViewer(ctx: PolicyContext, user: User, form: Form) {
  return { userId: user.id, canManage: canManageForm(ctx, user, form) };
}

/** Contributors' e-mail addresses are shown to the form's managers only. */
export const canSeeContributorEmails = canManageForm;

/** May see the form at all: managers, and contributors with access. */
export async function canViewForm(ctx: PolicyContext, user: User, form: Form): Promise<boolean> {
  return canManageForm(ctx, user, form) || (await hasFormAccess(user, form));
}

/** Loads a form the user may see, or 404s. */
export async function loadViewableForm(ctx: PolicyContext, user: User, formId: number): Promise<Form> {
  const prefetched = takePrefetchedForm(ctx, user, formId);
  const form = prefetched ? prefetched.form : await readFormWithStanding(user, formId);
  if (!form || !(await canViewForm(ctx, user, form))) throw notFound(FORM_NOT_FOUND);
  return form;
}

/**
 * For a socket's watch of an image: the user (`userId`) as their account is now, and the image's
 * form if they may see it, in one statement. No user when the account is gone; no form when there
 * is no such image or they may not see its form.
 */
export async function loadUserAndViewableFormOfImage(
  ctx: PolicyContext,
  userId: number,
  imageId: number,
): Promise<{ user?: User; form?: Form }> {
  const row = await readRow(User.knex(), USER_AND_FORM_OF_IMAGE_SQL, [imageId, userId], STATEMENTS.userAndFormOfImage);
  if (!row || !isJsonRow(row.userRow)) return {};
  const user = User.fromDatabaseJson(rowFromJson(row.userRow));
  if (!isJsonRow(row.formWithStanding)) return { user };
  const form = formFromStandingJson(user, row.formWithStanding);
  return (await canViewForm(ctx, user, form)) ? { user, form } : { user };
}

/** Loads a form the user manages: 404 if they cannot see it, 403 if they only contribute to it. */
export async function loadManagedForm(ctx: PolicyContext, user: User, formId: number): Promise<Form> {
  const form = await loadViewableForm(ctx, user, formId);
  if (!canManageForm(ctx, user, form)) throw forbidden(MESSAGES.forbidden);
  return form;
}

/** Creating forms needs a verified e-mail; the super admin is exempt. */
export function canCreateForms(ctx: PolicyContext, user: User): boolean {
  return user.emailVerified || isAdmin(ctx, user);
}

export const DEACTIVATE_OWN_FORMS_ONLY = MESSAGES.deactivateOwnFormsOnly;

/**
 * The forms of a bulk deactivation, all managed by the caller: one form they may not manage (or
 * that does not exist) refuses the whole request with a 403, so nothing changes.
 */
export async function loadFormsToDeactivate(ctx: PolicyContext, user: User, formIds: number[]): Promise<Form[]> {
  const forms = await Form.query().whereIn('id', formIds);
  const managed = forms.filter((form) => canManageForm(ctx, user, form));
  if (managed.length !== new Set(formIds).size) throw forbidden(DEACTIVATE_OWN_FORMS_ONLY);
  return managed;
}

/** Ids of every form the caller manages, as a subquery (lists across forms scope with it). */
export function managedFormIdsQuery(ctx: PolicyContext, user: User) {
  const managed = Form.query().select('id');
  if (!isAdmin(ctx, user)) managed.where('createdById', user.id);
  return managed;
}

/** The people who manage a form (its creator and the super admin), as a query of users. */
export function formManagersQuery(ctx: PolicyContext, form: Form) {
  return User.query().where('id', form.createdById).orWhere('username', ctx.deps.config.adminEmail);
}
