import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { useUpdateForm } from '../../api/forms.ts';
import { formUpdateFailureToast } from '../../components/toasts/upgradeToasts.ts';
import { useToastNavigation } from '../../components/toasts/useToastNavigation.ts';
import { badgeStyles } from '../../components/ui/Badge.tsx';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { theme } from '../../theme/theme.ts';

const buttonReset = css`
  font: inherit;
  cursor: pointer;
  min-height: 2rem;
  padding: 0.25rem 0.875rem;
  font-size: ${theme.fontSizes.small};
  &:hover:not(:disabled) {
    filter: brightness(0.96);
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
  &:disabled {
    cursor: progress;
    opacity: 0.7;
  }
`;

/** The header's Active/Inactive badge; a click flips isActive (activating counts against the plan). */
export function ActiveStatusBadge({ form }: { form: FormResponse }) {
  const { t } = useT();
  const updateForm = useUpdateForm(form.id);
  const goTo = useToastNavigation();

  function toggle() {
    const isActive = !form.isActive;
    updateForm.mutate(
      { isActive },
      {
        onSuccess: () => showToast({ title: t(isActive ? 'owner.status.activated' : 'owner.status.deactivated') }),
        onError: (error) => showToast(formUpdateFailureToast(error, t('owner.status.updateFailed'), goTo)),
      },
    );
  }

  return (
    <button
      type="button"
      onClick={toggle}
      disabled={updateForm.isPending}
      title={t(form.isActive ? 'owner.status.clickToDeactivate' : 'owner.status.clickToActivate')}
      css={[badgeStyles(form.isActive ? 'success' : 'muted'), buttonReset]}
    >
      <span
        aria-hidden
        css={css`
          width: 0.5rem;
          height: 0.5rem;
          border-radius: 50%;
          background: currentColor;
        `}
      />
      {t(form.isActive ? 'owner.status.active' : 'owner.status.inactive')}
    </button>
  );
}
