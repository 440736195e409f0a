import { css } from '@emotion/react';
import type { Translator } from '@formscribe/common/i18n/translator';
import { ProgressBar } from '../../../components/ui/ProgressBar.tsx';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import type { ExportProgress } from './exportDownload.ts';

/** Below this many rows an export is over before a bar would mean anything. */
export const LARGE_EXPORT_ROWS = 1000;

const wrapperStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

/** '512 B', '84 KB', '3.4 MB', with the language's decimal sign and units. */
function formatBytes(bytes: number, { t, number }: Translator<MessageKey>): string {
  if (bytes < 1024) return t('ownerTabs.size.bytes', { size: number(bytes) });
  if (bytes < 1024 * 1024) return t('ownerTabs.size.kilobytes', { size: number(Math.round(bytes / 1024)) });
  const size = number(bytes / (1024 * 1024), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return t('ownerTabs.size.megabytes', { size });
}

/** How far a large export has got; nothing for small ones. */
export function ExportProgressBar({ progress }: { progress: ExportProgress | null }) {
  const translator = useT();
  const { t } = translator;
  if (!progress || progress.expectedRows === null || progress.expectedRows < LARGE_EXPORT_ROWS) return null;
  return (
    <div css={wrapperStyles}>
      <span aria-live="polite">
        {t('ownerTabs.export.progress', {
          rows: progress.expectedRows,
          received: formatBytes(progress.bytesReceived, translator),
        })}
      </span>
      {/* A compressed download (Excel, Data Package) has no percentage to show: its bytes say it all. */}
      {progress.percent !== null && (
        <ProgressBar percent={progress.percent} label={t('ownerTabs.export.progressLabel')} />
      )}
    </div>
  );
}
