import { css } from '@emotion/react';
import { ProgressBar } from '../../../components/ui/ProgressBar.tsx';
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

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** How far a large export has got; nothing for small ones. */
export function ExportProgressBar({ progress }: { progress: ExportProgress | null }) {
  if (!progress || progress.expectedRows === null || progress.expectedRows < LARGE_EXPORT_ROWS) return null;
  return (
    <div css={wrapperStyles}>
      <span aria-live="polite">
        Exporting {progress.expectedRows} rows… {formatBytes(progress.bytesReceived)} received
      </span>
      {/* A compressed download (Excel, Data Package) has no percentage to show: its bytes say it all. */}
      {progress.percent !== null && <ProgressBar percent={progress.percent} label="Export progress" />}
    </div>
  );
}
