/**
 * An image's catalogue data on one line ("box: 12 · folder: 3"), every column in the tooltip.
 * Nothing at all when the image has none (most forms have no catalogue).
 */
import { css } from '@emotion/react';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { catalogueLine, catalogueTooltip } from './catalogueText.ts';

const lineStyles = css`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.small};
  overflow-wrap: anywhere;
`;

export function CatalogueValues({
  metadata,
  label,
  shown,
}: {
  metadata: Record<string, string>;
  /** What a screen reader announces before the values, e.g. "Catalogue data of page-1.jpg". */
  label: string;
  /** How many columns the line shows before "+N more"; all by default. */
  shown?: number;
}) {
  const words = useT();
  if (Object.keys(metadata).length === 0) return null;
  return (
    // A note (aside to the image, named by `label`): a bare paragraph could not carry the name.
    <p role="note" css={lineStyles} aria-label={label} title={catalogueTooltip(metadata, words)}>
      {catalogueLine(metadata, shown, words)}
    </p>
  );
}
