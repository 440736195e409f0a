/**
 * Who may do what with a form: the one place that decides (docs/architecture.md).
 * A form the caller may not see is a 404; an action they may not take is a 403.
 */
import { MESSAGES } from '@formscribe/common/messages';
import type { AppDeps, PrefetchedForm } from '../appTypes.ts';
import { readRow, rowFromJson } from '../db/leanReads.ts';
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

/** The form's columns, and whether the caller has access to it or is blocked from it. */
const FORM_AND_STANDING_COLUMNS = `SELECT f.*,
    EXISTS (SELECT 1 FROM form_access a WHERE a.form_id = f.id AND a.user_id = ?) AS caller_has_access,
    EXISTS (SELECT 1 FROM form_user_blocks b WHERE b.form_id = f.id AND b.user_id = ?) AS caller_is_blocked`;

export const FORM_WITH_STANDING_SQL = `${FORM_AND_STANDING_COLUMNS}
  FROM forms f WHERE f.id = ?`;

/** The same, for the form of an image (a watch of the image needs no more of it). */
const FORM_OF_IMAGE_WITH_STANDING_SQL = `${FORM_AND_STANDING_COLUMNS}
  FROM forms f WHERE f.id = (SELECT i.form_id FROM form_images i WHERE i.id = ?)`;

/**
 * The form and whether the user has access to it or is blocked from it, in one statement. Most
 * form routes start here, so the statement is fixed SQL (db/leanReads.ts).
 */
function readFormWithStanding(user: User, formId: number): Promise<Form | undefined> {
  return formWithStanding(user, FORM_WITH_STANDING_SQL, formId);
}

async function formWithStanding(user: User, sql: string, id: number): Promise<Form | undefined> {
  const row = await readRow(Form.knex(), sql, [user.id, user.id, id]);
  return row ? formFromStandingRow(user, row) : undefined;
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
  return { form: formFromStandingRow(user, rowFromJson(prefetched.row)) };
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

/** Loads the form of an image the user may see (one statement), or undefined: a watch needs no more. */
export async function loadViewableFormOfImage(
  ctx: PolicyContext,
  user: User,
  imageId: number,
): Promise<Form | undefined> {
  const form = await formWithStanding(user, FORM_OF_IMAGE_WITH_STANDING_SQL, imageId);
  return form && (await canViewForm(ctx, user, form)) ? form : undefined;
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
