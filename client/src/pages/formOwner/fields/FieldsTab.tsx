/**
 * The form owner page's Fields tab (spec section 2): Save Now with the last save time, then
 * the Form Builder and Preview sub-tabs. Both show the builder's working copy, so the
 * preview includes edits the autosave has not sent yet.
 */
import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import * as Tabs from '@radix-ui/react-tabs';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { segmentedTabTriggerStyles, tabPanelFocusStyles } from '../../../components/ui/segmentedTabsStyles.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import type { FieldsSubtab } from '../formOwnerSearch.ts';
import { FieldBuilder } from './FieldBuilder.tsx';
import { FieldsPreview } from './FieldsPreview.tsx';
import { MachineReadingPanel } from './machineReading/MachineReadingPanel.tsx';
import { FieldRegionsPanel } from './regions/FieldRegionsPanel.tsx';
import { type FieldsDraft, useFieldsDraft } from './useFieldsDraft.ts';
import { useFieldsSubtab } from './useFieldsSubtab.ts';

const toolbarStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem 1rem;
`;

const statusStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 0.75rem;
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

const pendingStyles = css`
  color: ${theme.colors.warning};
  font-weight: 600;
`;

const tabListStyles = css`
  display: inline-flex;
  gap: 0.25rem;
  padding: 0.25rem;
  margin: 1rem 0 1.25rem;
  border-radius: ${theme.radii.small};
  background: ${theme.colors.surfaceMuted};
  max-width: 100%;
`;

const tabStyles = [
  segmentedTabTriggerStyles,
  css`
    min-height: 2.5rem;
    padding: 0 1rem;
  `,
];

const panelStyles = [
  tabPanelFocusStyles,
  css`
    border-radius: ${theme.radii.small};
  `,
];

/** The save time to the second, 24-hour, in the reader's language's digits. */
const SAVED_TIME: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

function SaveBar({ draft }: { draft: FieldsDraft }) {
  const { t, date } = useT();
  return (
    <div css={toolbarStyles}>
      <Button onClick={draft.saveNow} disabled={draft.isSaving} aria-busy={draft.isSaving || undefined}>
        {t('owner.fields.saveNow')}
      </Button>
      <p css={statusStyles} role="status">
        <span>
          {draft.lastSavedAt
            ? t('owner.fields.lastSaved', { time: date(draft.lastSavedAt, SAVED_TIME) })
            : t('owner.fields.lastSavedNever')}
        </span>
        {draft.isSaving ? (
          <span>{t('owner.fields.saving')}</span>
        ) : (
          draft.hasUnsavedChanges && <span css={pendingStyles}>{t('owner.fields.unsaved')}</span>
        )}
      </p>
    </div>
  );
}

export function FieldsTab({ form }: { form: FormResponse }) {
  const { t } = useT();
  const draft = useFieldsDraft(form);
  const [subtab, setSubtab] = useFieldsSubtab();
  const regionsHeadingId = useId();
  const readingHeadingId = useId();
  // Closed until asked for: the editor loads the sample image, which most visits do not need.
  const [regionsOpen, setRegionsOpen] = useState(false);

  return (
    <div>
      <SaveBar draft={draft} />
      <Tabs.Root value={subtab} onValueChange={(value) => setSubtab(value === 'preview' ? 'preview' : 'builder')}>
        <Tabs.List css={tabListStyles} aria-label={t('owner.fields.subtabs')}>
          <Tabs.Trigger value={'builder' satisfies FieldsSubtab} css={tabStyles}>
            {t('owner.fields.builder')}
          </Tabs.Trigger>
          <Tabs.Trigger value={'preview' satisfies FieldsSubtab} css={tabStyles}>
            {t('owner.fields.preview')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="builder" css={panelStyles}>
          <FieldBuilder draft={draft} />
          <section aria-labelledby={regionsHeadingId} css={{ marginBlockStart: '2rem' }}>
            <h2 id={regionsHeadingId} css={{ fontSize: theme.fontSizes.large, marginBlockEnd: '0.75rem' }}>
              {t('owner.fields.regions')}
            </h2>
            <Button variant="secondary" aria-expanded={regionsOpen} onClick={() => setRegionsOpen(!regionsOpen)}>
              {t(regionsOpen ? 'owner.fields.hideRegions' : 'owner.fields.drawRegions')}
            </Button>
            {regionsOpen && <FieldRegionsPanel form={form} draft={draft} />}
          </section>
          <section aria-labelledby={readingHeadingId} css={{ marginBlockStart: '2rem' }}>
            <h2 id={readingHeadingId} css={{ fontSize: theme.fontSizes.large, marginBlockEnd: '0.75rem' }}>
              {t('owner.fields.machineReading')}
            </h2>
            <MachineReadingPanel formId={form.id} />
          </section>
        </Tabs.Content>
        <Tabs.Content value="preview" css={panelStyles}>
          <FieldsPreview form={form} fields={draft.fields} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

export default FieldsTab;
