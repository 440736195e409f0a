import { css } from '@emotion/react';
import { badgeStyles } from '../../../components/ui/Badge.tsx';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';

const dangerTone = css`
  background: ${theme.colors.dangerSoft};
  border-color: ${theme.colors.dangerSoft};
  color: ${theme.colors.danger};
`;

/** The 'Blocked' badge: the shared badge shape in the danger colours. */
export function BlockedBadge() {
  const { t } = useT();
  return <span css={[badgeStyles('neutral'), dangerTone]}>{t('ownerTabs.users.blocked')}</span>;
}
