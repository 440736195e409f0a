/**
 * A IIIF manifest or collection URL, imported in the background like a container. The URL is
 * checked here with the server's own rule, and the server's refusal (400) is shown by the field.
 */
import { css } from '@emotion/react';
import { startIiifImportRequestSchema } from '@formscribe/common/schemas/imports';
import { type FormEvent, useState } from 'react';
import { useStartIiifImport } from '../../../api/imports.ts';
import { serverMessageOr } from '../../../components/toasts/upgradeToasts.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import { useT } from '../../../i18n/useT.ts';

const formStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 0.5rem 0.75rem;
  & > div {
    flex: 1 1 18rem;
  }
  button {
    margin-top: 1.6rem;
  }
`;

export function IiifImportField({ formId, onStarted }: { formId: number; onStarted: (importId: number) => void }) {
  const { t } = useT();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = useStartIiifImport(formId);

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = startIiifImportRequestSchema.safeParse({ iiifUrl: url });
    if (!checked.success) {
      const message = checked.error.issues[0]?.message;
      setError(message ? translateServerMessage(message) : t('ownerTabs.iiif.enterUrl'));
      return;
    }
    setError(null);
    start.mutate(checked.data.iiifUrl, {
      onSuccess: ({ importId }) => {
        setUrl('');
        onStarted(importId);
      },
      onError: (failure) =>
        setError(translateServerMessage(serverMessageOr(failure, t('ownerTabs.iiif.couldNotStart')))),
    });
  }

  return (
    <form css={formStyles} onSubmit={submit} noValidate>
      <TextField
        label={t('ownerTabs.iiif.urlLabel')}
        type="url"
        inputMode="url"
        // i18n-exempt: an address's shape, the same in every language
        placeholder="https://…/manifest.json"
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        error={error}
        announceError
      />
      <Button type="submit" variant="secondary" disabled={start.isPending}>
        {t('ownerTabs.iiif.import')}
      </Button>
    </form>
  );
}
