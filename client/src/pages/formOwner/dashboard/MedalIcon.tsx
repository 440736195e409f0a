import { useT } from '../../../i18n/useT.ts';
import type { Medal } from './leaderboardRules.ts';

const MEDAL_LOOK: Record<Medal, { fill: string; ring: string }> = {
  gold: { fill: '#d4a72c', ring: '#9a7410' },
  silver: { fill: '#a9b4c0', ring: '#6b7785' },
  bronze: { fill: '#c27c4a', ring: '#8a5028' },
};

/** A round medal with a ribbon, named for screen readers ("Gold medal"). */
export function MedalIcon({ medal, rank }: { medal: Medal; rank: number }) {
  const { t, number } = useT();
  const look = MEDAL_LOOK[medal];
  return (
    <svg role="img" aria-label={t('progress.dashboard.medal', { medal })} width="28" height="32" viewBox="0 0 28 32">
      <path d="M7 0h5l4 9h-5z" fill="#3b6ea5" />
      <path d="M21 0h-5l-4 9h5z" fill="#2b5480" />
      <circle cx="14" cy="19" r="11" fill={look.fill} stroke={look.ring} strokeWidth="2" />
      <text x="14" y="23.5" textAnchor="middle" fontSize="12" fontWeight="700" fill="#1c2733">
        {number(rank)}
      </text>
    </svg>
  );
}
