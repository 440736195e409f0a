import { css } from '@emotion/react';
import { iiifApi } from '@formscribe/common/api/iiif';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { useId } from 'react';
import { apiFor } from '../../../api/typedApi.ts';
import { copyText } from '../../../components/share/copyToClipboard.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { standaloneLinkStyles } from '../../../components/ui/linkStyles.ts';
import { useT } from '../../../i18n/useT.ts';
import { showToast } from '../../../stores/toastStore.ts';
import { theme } from '../../../theme/theme.ts';

const apiUrl = apiFor(iiifApi).url;

const rowStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.25rem 0.75rem;
  font-size: ${theme.fontSizes.small};
`;

const hintStyles = css`
  color: ${theme.colors.textMuted};
`;

/** The manifest's absolute address: what a IIIF viewer (Mirador, Universal Viewer) is given. */
export function iiifManifestUrl(formId: number): string {
  const path = apiUrl('get', '/api/forms/{id}/iiif/manifest.json', { params: { id: formId } });
  return new URL(path, window.location.origin).href;
}

/**
 * Beside the Data tab's exports: the form as a IIIF manifest (the images, with each verified
 * value on its page), to open or to copy into a IIIF viewer. It is private to the form's managers,
 * so a viewer on another site needs the /api/v1 twin with a token (docs/iiif.md).
 */
export function IiifManifestLink({ form }: { form: Pick<FormResponse, 'id'> }) {
  const { t } = useT();
  const url = iiifManifestUrl(form.id);
  const hintId = useId();

  async function copy() {
    const outcome = await copyText(url, null);
    if (outcome === 'copied') showToast({ title: t('ownerTabs.iiifManifest.copied') });
    else showToast({ title: t('ownerTabs.iiifManifest.copyFailed'), description: url });
  }

  return (
    <div css={rowStyles}>
      <a href={url} target="_blank" rel="noreferrer" aria-describedby={hintId} css={standaloneLinkStyles}>
        {t('ownerTabs.iiifManifest.link')}
      </a>
      <Button variant="ghost" onClick={() => void copy()} aria-label={t('ownerTabs.iiifManifest.copyLabel')}>
        {t('ownerTabs.iiifManifest.copy')}
      </Button>
      <span id={hintId} css={hintStyles}>
        {t('ownerTabs.iiifManifest.hint')}
      </span>
    </div>
  );
}
