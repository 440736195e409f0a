/**
 * "This image holds no data" and "this image cannot be read": offered while nothing is filled
 * in (spec section 4); once cast, a vote stays on show as 'You voted: ... (1 vote / n votes)'.
 */
import { css } from '@emotion/react';
import type { VoteResponse } from '@formscribe/common/schemas/submission';
import type { VoteKind } from '@formscribe/common/votes';
import { useQueryClient } from '@tanstack/react-query';
import { useCastVote, useVoteStatus, voteStatusQueryKey } from '../../api/entry.ts';
import { Button } from '../../components/ui/Button.tsx';
import type { MessageKey } from '../../i18n/messageKeys.ts';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { theme } from '../../theme/theme.ts';
import { votedLabel, voteFailedToast } from './entryFeedback.ts';

const VOTE_KINDS: readonly { kind: VoteKind; label: MessageKey; action: MessageKey }[] = [
  { kind: 'no-data', label: 'entry.votes.noData', action: 'entry.votes.markNoData' },
  { kind: 'unreadable', label: 'entry.votes.unreadable', action: 'entry.votes.markUnreadable' },
];

const groupStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding-top: 1rem;
  border-top: 1px solid ${theme.colors.border};
`;

const hintStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

const rowStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const votedStyles = css`
  &[aria-disabled='true'] {
    cursor: default;
    opacity: 1;
    background: ${theme.colors.surfaceMuted};
    color: ${theme.colors.text};
  }
`;

interface VoteButtonsProps {
  formId: number;
  imageId: number;
  /** Spec section 4: nothing filled in, the image on screen, and the entry not yet done. */
  offered: boolean;
  locked: boolean;
  onVoted: (vote: VoteResponse) => void;
}

export function VoteButtons({ formId, imageId, offered, locked, onVoted }: VoteButtonsProps) {
  const { t } = useT();
  const noData = useVoteButton(formId, imageId, 'no-data', onVoted);
  const unreadable = useVoteButton(formId, imageId, 'unreadable', onVoted);
  const buttons = [noData, unreadable];
  const anyVoted = buttons.some((button) => button.voteCount !== null);
  if (!offered && !anyVoted) return null;
  const busy = locked || buttons.some((button) => button.pending);

  return (
    <section css={groupStyles} aria-label={t('entry.votes.label')}>
      {offered && <p css={hintStyles}>{t('entry.votes.hint')}</p>}
      <div css={rowStyles}>
        {VOTE_KINDS.map(({ kind, label, action }, index) => {
          const button = buttons[index];
          if (!button) return null;
          if (button.voteCount !== null) {
            return (
              <Button key={kind} variant="secondary" aria-disabled="true" css={votedStyles}>
                {votedLabel(t(label), button.voteCount)}
              </Button>
            );
          }
          if (!offered) return null;
          return (
            <Button key={kind} variant="secondary" disabled={busy} onClick={button.cast}>
              {t(action)}
            </Button>
          );
        })}
      </div>
    </section>
  );
}

function useVoteButton(formId: number, imageId: number, kind: VoteKind, onVoted: (vote: VoteResponse) => void) {
  const queryClient = useQueryClient();
  const status = useVoteStatus(imageId, kind);
  const castVote = useCastVote(formId, kind);
  return {
    voteCount: status.data?.hasVoted ? status.data.voteCount : null,
    pending: castVote.isPending,
    cast: () =>
      castVote.mutate(imageId, {
        onSuccess: onVoted,
        onError: () => {
          showToast(voteFailedToast());
          // A vote cast earlier (409) shows up as cast.
          void queryClient.invalidateQueries({ queryKey: voteStatusQueryKey(imageId, kind) });
        },
      }),
  };
}
