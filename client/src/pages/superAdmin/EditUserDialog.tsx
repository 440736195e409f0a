import { css } from '@emotion/react';
import { PLAN_IDS, PLANS, type PlanId } from '@formscribe/common/plans';
import type { AdminUser, AdminUserUpdateRequest } from '@formscribe/common/schemas/admin';
import { type FormEvent, useState } from 'react';
import { useUpdateAdminUser } from '../../api/admin.ts';
import { Button } from '../../components/ui/Button.tsx';
import { ButtonRow } from '../../components/ui/Card.tsx';
import { DialogFrame } from '../../components/ui/DialogFrame.tsx';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { SwitchField } from '../../components/ui/SwitchField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { LIMIT_KEYS, type LimitKey, limitHint, limitLabel, limitProblem, shownLimit } from './superAdminDefaults.ts';

const formStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const PLAN_OPTIONS = PLAN_IDS.map((id) => ({ value: id, label: PLANS[id].name }));

interface EditUserDialogProps {
  user: AdminUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The account's plan, payment mode and limits; the account sees new limits at once. */
export function EditUserDialog({ user, open, onOpenChange }: EditUserDialogProps) {
  const { t } = useT();
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('progress.admin.editUserTitle')}
      description={user.username}
    >
      {/* Radix mounts the content only while open: each opening starts from the account as listed. */}
      <EditUserForm user={user} onDone={() => onOpenChange(false)} />
    </DialogFrame>
  );
}

/**
 * Only what the administrator changed is sent: a new plan brings its own limits on the server,
 * so the limit fields show the chosen plan's (or the account's own overrides) and are sent only
 * when typed in.
 */
function EditUserForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const words = useT();
  const { t } = words;
  const [plan, setPlan] = useState<PlanId>(user.subscriptionStatus);
  const [testMode, setTestMode] = useState(user.stripeTestMode);
  const [typed, setTyped] = useState<Partial<Record<LimitKey, string>>>({});
  const updateUser = useUpdateAdminUser();
  const texts = Object.fromEntries(
    LIMIT_KEYS.map((key) => [key, typed[key] ?? String(shownLimit(user, plan, key))]),
  ) as Record<LimitKey, string>;
  const problems = Object.fromEntries(LIMIT_KEYS.map((key) => [key, limitProblem(key, texts[key], words)])) as Record<
    LimitKey,
    string | null
  >;
  const invalid = LIMIT_KEYS.some((key) => problems[key] !== null);
  const changes: AdminUserUpdateRequest = {
    ...(plan !== user.subscriptionStatus ? { subscriptionStatus: plan } : {}),
    ...(testMode !== user.stripeTestMode ? { stripeTestMode: testMode } : {}),
    ...Object.fromEntries(
      LIMIT_KEYS.filter((key) => typed[key] !== undefined && Number(typed[key]) !== shownLimit(user, plan, key)).map(
        (key) => [key, Number(typed[key])],
      ),
    ),
  };
  const unchanged = Object.keys(changes).length === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (invalid || unchanged) return;
    updateUser.mutate(
      { userId: user.id, changes },
      {
        onSuccess: () => {
          showToast({ title: t('progress.admin.userUpdated') });
          onDone();
        },
        onError: () => showToast({ title: t('progress.admin.userUpdateFailed'), variant: 'destructive' }),
      },
    );
  }

  return (
    <form css={formStyles} onSubmit={submit} noValidate>
      <SelectField
        label={t('progress.admin.plan')}
        value={plan}
        options={PLAN_OPTIONS}
        onChange={setPlan}
        basis="100%"
      />
      <SwitchField
        label={t('progress.admin.stripeTestMode')}
        hint={t('progress.admin.stripeTestModeHint')}
        checked={testMode}
        onCheckedChange={setTestMode}
      />
      {LIMIT_KEYS.map((key) => (
        <TextField
          key={key}
          label={limitLabel(key, words)}
          type="number"
          inputMode={key === 'imageSizeLimitMB' ? 'decimal' : 'numeric'}
          min={1}
          step={key === 'imageSizeLimitMB' ? 'any' : 1}
          value={texts[key]}
          error={problems[key]}
          hint={problems[key] ? undefined : limitHint(plan, key, Number(texts[key]), words)}
          onChange={(event) => setTyped((current) => ({ ...current, [key]: event.target.value }))}
        />
      ))}
      <ButtonRow css={{ justifyContent: 'flex-end' }}>
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={invalid || unchanged || updateUser.isPending}>
          {updateUser.isPending ? t('progress.admin.saving') : t('progress.admin.saveChanges')}
        </Button>
      </ButtonRow>
    </form>
  );
}
