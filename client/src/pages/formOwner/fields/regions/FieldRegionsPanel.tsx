/**
 * The Fields tab's region editor: the owner picks a sample image and draws a box per data field
 * on it. Boxes are part of the field list (saved by the builder's autosave, validated by the
 * server like any field change); the sample and whether contributors may shift the boxes per
 * image are the form's region settings, saved at once.
 */
import { css } from '@emotion/react';
import { dataFields, type FieldRegion } from '@formscribe/common/fields';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { useId, useState } from 'react';
import { useImage, useImageSearch } from '../../../../api/images.ts';
import { useRegionSettings, useUpdateRegionSettings } from '../../../../api/regions.ts';
import { controlStyles } from '../../../../components/fieldRendering/fieldControlStyles.ts';
import { Button } from '../../../../components/ui/Button.tsx';
import { MutedText } from '../../../../components/ui/MutedText.tsx';
import { useT } from '../../../../i18n/useT.ts';
import { theme } from '../../../../theme/theme.ts';
import { labelStyles } from '../dialogStyles.ts';
import type { FieldsDraft } from '../useFieldsDraft.ts';
import { RegionCanvas } from './RegionCanvas.tsx';

/** Images offered as the sample; an owner picks one typical page, not a specific one of thousands. */
const SAMPLE_CHOICES = 50;

const panelStyles = css`
  margin-block-start: 1rem;
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const layoutStyles = css`
  display: grid;
  gap: 1rem;
  align-items: start;
  ${theme.media.desktop} {
    grid-template-columns: minmax(12rem, 16rem) minmax(0, 1fr);
  }
`;

const fieldListStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const fieldButtonStyles = css`
  width: 100%;
  justify-content: space-between;
`;

function useSetRegion(draft: FieldsDraft) {
  return (fieldId: string, region: FieldRegion | undefined) =>
    draft.edit((fields) => fields.map((field) => (field.id === fieldId ? { ...field, region } : field)));
}

export function FieldRegionsPanel({ form, draft }: { form: FormResponse; draft: FieldsDraft }) {
  const { t } = useT();
  const sampleSelectId = useId();
  const settings = useRegionSettings(form.id).data;
  const updateSettings = useUpdateRegionSettings(form.id);
  const choices = useImageSearch(form.id, '', SAMPLE_CHOICES).data?.images ?? [];
  const sample = useImage(settings?.sampleImageId ?? undefined).data;
  const fields = dataFields(draft.fields);
  const [selectedId, setSelectedId] = useState<string | undefined>(fields[0]?.id);
  const setRegion = useSetRegion(draft);
  const selected = fields.find((field) => field.id === selectedId);

  if (fields.length === 0) return <MutedText>{t('owner.regions.needField')}</MutedText>;

  return (
    <div css={panelStyles}>
      <MutedText>{t('owner.regions.intro')}</MutedText>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', alignItems: 'end' }}>
        <div css={{ display: 'flex', flexDirection: 'column', gap: '0.375rem', minWidth: '16rem' }}>
          <label htmlFor={sampleSelectId} css={labelStyles}>
            {t('owner.regions.sample')}
          </label>
          <select
            id={sampleSelectId}
            css={controlStyles}
            value={settings?.sampleImageId ?? ''}
            disabled={!settings || updateSettings.isPending}
            onChange={(event) =>
              updateSettings.mutate({ sampleImageId: event.target.value ? Number(event.target.value) : null })
            }
          >
            <option value="">{t('owner.regions.noSample')}</option>
            {sample && !choices.some((c) => c.id === sample.id) && (
              <option value={sample.id}>
                #{sample.number} {sample.originalName}
              </option>
            )}
            {choices.map((image) => (
              <option key={image.id} value={image.id}>
                #{image.number} {image.originalName}
              </option>
            ))}
          </select>
        </div>
        <label css={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center' }}>
          <input
            type="checkbox"
            checked={settings?.contributorsMayShift ?? false}
            disabled={!settings || updateSettings.isPending}
            onChange={(event) => updateSettings.mutate({ contributorsMayShift: event.target.checked })}
          />
          {t('owner.regions.mayShift')}
        </label>
      </div>

      <div css={layoutStyles}>
        <ul css={fieldListStyles} aria-label={t('owner.regions.fieldsToPlace')}>
          {fields.map((field) => (
            <li key={field.id}>
              <Button
                variant={field.id === selectedId ? 'primary' : 'secondary'}
                css={fieldButtonStyles}
                aria-pressed={field.id === selectedId}
                onClick={() => setSelectedId(field.id)}
              >
                <span>{field.label}</span>
                <span css={{ fontSize: theme.fontSizes.small }}>
                  {t(field.region ? 'owner.regions.boxDrawn' : 'owner.regions.noBox')}
                </span>
              </Button>
            </li>
          ))}
          {selected?.region && (
            <li>
              <Button variant="secondary" onClick={() => setRegion(selected.id, undefined)}>
                {t('owner.regions.removeBox', { field: selected.label })}
              </Button>
            </li>
          )}
        </ul>
        {sample ? (
          <RegionCanvas
            imageUrl={sample.publicUrl}
            imageAlt={t('owner.regions.sampleAlt', { name: sample.originalName })}
            boxes={fields.map((field) => ({ id: field.id, label: field.label, region: field.region }))}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onChange={setRegion}
          />
        ) : (
          <MutedText>{t(choices.length === 0 ? 'owner.regions.uploadFirst' : 'owner.regions.pickSample')}</MutedText>
        )}
      </div>
    </div>
  );
}
