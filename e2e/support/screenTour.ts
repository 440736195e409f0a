/**
 * Every screen of the app, reached the way a user reaches it, in one browser context per role:
 * the accessibility and phone specs walk the same list, so a new screen is added once. What the
 * screens show is built by `prepareTourWorld` (tourWorld.ts).
 */
import { expect, type Page } from '@playwright/test';
import { signedOutScreens } from './signedOutTourScreens.ts';
import { openActionsItem, ownerTab, type TourScreen, visit } from './tourScreenSteps.ts';
import { FORM_NAME, type TourWorld } from './tourWorld.ts';

export type { TourScreen } from './tourScreenSteps.ts';
export { EVERY_FIELD_TYPE, FORM_NAME, prepareTourWorld, type TourWorld } from './tourWorld.ts';

function ownerScreens(world: TourWorld): TourScreen[] {
  const { say, like, t } = world.words;
  const role = 'owner';
  const { formId } = world;
  return [
    { name: 'dashboard', role, show: (page) => visit(page, '/', say('Forms')) },
    {
      name: 'dashboard-create-dialog',
      role,
      show: async (page) => {
        await visit(page, '/', say('Forms'));
        await page.getByRole('button', { name: say('Create New Form') }).click();
        await expect(page.getByRole('dialog', { name: say('Create New Form') })).toBeVisible();
      },
    },
    {
      name: 'owner-dashboard-tab',
      role,
      show: (page) =>
        ownerTab(page, formId, 'tab=dashboard', (p) =>
          expect(p.getByText(t('progress.dashboard.section', { section: 'topContributors' }))).toBeVisible(),
        ),
    },
    {
      name: 'owner-actions-menu',
      role,
      show: async (page) => {
        await ownerTab(page, formId, 'tab=dashboard', async () => {});
        await page.getByRole('button', { name: say('Actions') }).click();
        await expect(page.getByRole('menuitem', { name: say('Settings') })).toBeVisible();
      },
    },
    {
      name: 'owner-fields-builder',
      role,
      show: (page) =>
        ownerTab(page, formId, 'tab=fields', (p) =>
          expect(p.getByRole('list', { name: say('Form fields') })).toBeVisible(),
        ),
    },
    {
      name: 'owner-edit-field-dialog',
      role,
      show: async (page) => {
        await ownerTab(page, formId, 'tab=fields', async () => {});
        await page
          .getByRole('button', { name: say('Edit field') })
          .first()
          .click();
        await expect(page.getByRole('dialog', { name: like('owner.edit.title') })).toBeVisible();
      },
    },
    {
      name: 'owner-fields-preview',
      role,
      show: (page) =>
        ownerTab(page, formId, 'tab=fields&subtab=preview', (p) =>
          expect(p.getByRole('tab', { name: say('Preview'), selected: true })).toBeVisible(),
        ),
    },
    {
      name: 'owner-images-tab',
      role,
      show: (page) => ownerTab(page, formId, 'tab=images', (p) => expect(p.getByRole('article').first()).toBeVisible()),
    },
    {
      name: 'owner-users-tab',
      role,
      show: (page) => ownerTab(page, formId, 'tab=users', (p) => expect(p.getByText('Cora Contributor')).toBeVisible()),
    },
    {
      name: 'owner-data-consolidated',
      role,
      show: (page) => ownerTab(page, formId, 'tab=data', (p) => expect(p.getByRole('table')).toBeVisible()),
    },
    {
      name: 'owner-data-submissions',
      role,
      show: async (page) => {
        await ownerTab(page, formId, 'tab=data', async () => {});
        await page.getByRole('tab', { name: like('ownerTabs.data.submissionsCount') }).click();
        await expect(page.getByRole('list', { name: say('Submissions') }).getByRole('listitem')).toHaveCount(1);
      },
    },
    {
      name: 'owner-data-history',
      role,
      show: (page) =>
        ownerTab(page, formId, 'tab=data&view=history', (p) =>
          expect(
            p
              .getByRole('list', { name: say('Changes, newest first') })
              .getByRole('listitem')
              .first(),
          ).toBeVisible(),
        ),
    },
    {
      name: 'owner-settings-dialog',
      role,
      show: async (page) => {
        await ownerTab(page, formId, 'tab=dashboard', async () => {});
        await openActionsItem(page, say('Settings'), say('Form Settings'), say('Actions'));
      },
    },
    {
      name: 'owner-share-dialog',
      role,
      show: async (page) => {
        await ownerTab(page, formId, 'tab=dashboard', async () => {});
        await openActionsItem(page, say('Share'), say('Share Form'), say('Actions'));
        await expect(page.getByRole('textbox', { name: say('Invite link') }).first()).toBeVisible();
      },
    },
    {
      name: 'owner-campaign-dialog',
      role,
      show: async (page) => {
        await ownerTab(page, formId, 'tab=dashboard', async () => {});
        await openActionsItem(page, say('Send Progress Email'), say('Send Progress Email'), say('Actions'));
      },
    },
    {
      name: 'form-submissions',
      role,
      show: (page) => visit(page, `/forms/${formId}/submissions`, say('Form Submissions')),
    },
    {
      name: 'owner-submission-detail',
      role,
      show: (page) => visit(page, `/submissions/${world.submissionId}`, say('Submission Details')),
    },
    { name: 'profile', role, show: (page) => visit(page, '/profile', say('Profile')) },
    {
      name: 'billing',
      role,
      show: async (page) => {
        await visit(page, '/billing', say('Billing & Subscription'));
        await expect(page.getByText(say('No billing history'))).toBeVisible();
      },
    },
    {
      name: 'checkout',
      role,
      show: async (page) => {
        await visit(page, '/subscription-checkout?plan=starter', say('Complete Your Subscription'));
        await expect(page.getByRole('button', { name: like('account.checkout.subscribeTo') }).first()).toBeVisible();
      },
    },
    {
      name: 'subscription-success',
      role,
      show: async (page) => {
        // Without a payment to confirm this is the issue screen, with its toast. Toasts mount once
        // the page settles, so the toast is awaited: the checks must see it at rest, not sliding in.
        await visit(page, '/subscription-success', say('Payment Issue'));
        await expect(
          page.getByText(say('There was an issue with your payment. Please try again or contact support.')).first(),
        ).toBeVisible();
      },
    },
  ];
}

function contributorScreens(world: TourWorld): TourScreen[] {
  const { say } = world.words;
  const role = 'contributor';
  const tutorial = (page: Page) => page.getByRole('dialog', { name: say('Data Entry Tutorial') });
  return [
    {
      name: 'entry-tutorial-open',
      role,
      show: async (page) => {
        await page.goto(`/forms/${world.formId}/entry`);
        await expect(tutorial(page)).toBeVisible();
      },
    },
    {
      // Follows the screen above: the tutorial, still open, is skipped.
      name: 'entry',
      role,
      show: async (page) => {
        await tutorial(page)
          .getByRole('button', { name: say('Skip Tutorial') })
          .click();
        await expect(tutorial(page)).toBeHidden();
        await expect(page.getByRole('img').first()).toBeVisible();
        await expect(page.getByRole('form', { name: say('Data entry form') })).toBeVisible();
      },
    },
    {
      name: 'entry-help-dialog',
      role,
      show: async (page) => {
        await page.getByRole('button', { name: say('Help') }).click();
        await expect(page.getByRole('dialog').first()).toBeVisible();
      },
    },
    {
      name: 'contributor-dashboard',
      role,
      show: async (page) => {
        await visit(page, '/', say('Forms'));
        await expect(page.getByText(FORM_NAME)).toBeVisible();
      },
    },
    {
      name: 'contributor-submission-detail',
      role,
      show: (page) => visit(page, `/submissions/${world.submissionId}`, say('Submission Details')),
    },
  ];
}

function adminScreens(world: TourWorld): TourScreen[] {
  const { say, like } = world.words;
  const role = 'admin';
  const users = (page: Page) => page.getByRole('table', { name: say('Users') });
  const forms = (page: Page) => page.getByRole('table', { name: say('Forms') });
  const superAdmin = async (page: Page) => {
    await visit(page, '/super-admin', say('Super Admin'));
    await expect(users(page).getByRole('row').nth(1)).toBeVisible();
  };
  const formsTab = async (page: Page) => {
    await superAdmin(page);
    await page.getByRole('tab', { name: say('Forms') }).click();
    await expect(forms(page).getByRole('row').nth(1)).toBeVisible();
  };
  return [
    { name: 'super-admin-users', role, show: superAdmin },
    {
      name: 'super-admin-edit-user',
      role,
      show: async (page) => {
        await superAdmin(page);
        await users(page)
          .getByRole('button', { name: like('progress.admin.editRow') })
          .first()
          .click();
        await expect(page.getByRole('dialog', { name: say('Edit User Settings') })).toBeVisible();
      },
    },
    {
      name: 'super-admin-delete-user',
      role,
      show: async (page) => {
        await superAdmin(page);
        await users(page)
          .getByRole('button', { name: like('progress.admin.deleteRow') })
          .first()
          .click();
        await expect(page.getByRole('dialog', { name: say('Delete User') })).toBeVisible();
      },
    },
    { name: 'super-admin-forms', role, show: formsTab },
    {
      name: 'super-admin-edit-form',
      role,
      show: async (page) => {
        await formsTab(page);
        await forms(page)
          .getByRole('button', { name: like('progress.admin.editRow') })
          .first()
          .click();
        await expect(page.getByRole('dialog', { name: say('Edit Form Settings') })).toBeVisible();
      },
    },
    {
      name: 'super-admin-delete-form',
      role,
      show: async (page) => {
        await formsTab(page);
        await forms(page)
          .getByRole('button', { name: like('progress.admin.deleteRow') })
          .first()
          .click();
        await expect(page.getByRole('dialog', { name: say('Delete Form') })).toBeVisible();
      },
    },
    {
      name: 'super-admin-system',
      role,
      show: async (page) => {
        await superAdmin(page);
        await page.getByRole('tab', { name: say('System') }).click();
        await expect(page.getByRole('region', { name: say('System checks') })).toBeVisible();
      },
    },
  ];
}

/** Every screen, signed out first, each role's screens in sequence on that role's page. */
export function tourScreens(world: TourWorld): TourScreen[] {
  return [...signedOutScreens(world), ...ownerScreens(world), ...contributorScreens(world), ...adminScreens(world)];
}

export function pageFor(world: TourWorld, screen: TourScreen): Page {
  return world[screen.role];
}
