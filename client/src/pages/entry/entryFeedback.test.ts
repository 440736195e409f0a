import { ALREADY_SUBMITTED } from '@formscribe/common/schemas/submission';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/apiClient.ts';
import {
  missingRequiredToast,
  postSubmitDelayMs,
  postVoteDelayMs,
  submissionErrorToast,
  votedLabel,
} from './entryFeedback.ts';

const apiError = (status: number, message: string) => new ApiError(status, JSON.stringify({ message }));

describe('submission errors', () => {
  it("reads a message containing 'already submitted' as Already Submitted", () => {
    expect(submissionErrorToast(apiError(409, ALREADY_SUBMITTED))).toEqual({
      title: 'Already Submitted',
      description: 'You have already submitted data for this image.',
      variant: 'destructive',
    });
    expect(submissionErrorToast(new Error('You have ALREADY SUBMITTED this')).title).toBe('Already Submitted');
  });

  it('reads anything else as Submission failed', () => {
    expect(submissionErrorToast(apiError(500, 'boom'))).toEqual({
      title: 'Submission failed',
      description: 'An error occurred during submission',
      variant: 'destructive',
    });
    expect(submissionErrorToast(new TypeError('Failed to fetch')).description).toBe(
      'An error occurred during submission',
    );
  });

  it("keeps the server's words when it refused the entry", () => {
    expect(submissionErrorToast(apiError(400, 'Surname is required')).description).toBe('Surname is required');
    expect(submissionErrorToast(apiError(403, 'Data entry is paused for this form.')).description).toBe(
      'Data entry is paused for this form.',
    );
  });
});

describe('entry timing', () => {
  it('waits 2 s after a submit, 0.5 s in the queue when nothing was filled', () => {
    expect(postSubmitDelayMs('entry', true)).toBe(2000);
    expect(postSubmitDelayMs('entry', false)).toBe(2000);
    expect(postSubmitDelayMs('queue', true)).toBe(2000);
    expect(postSubmitDelayMs('queue', false)).toBe(500);
  });

  it('waits 1.5 s after a completing vote, 1 s in the queue', () => {
    expect(postVoteDelayMs('entry')).toBe(1500);
    expect(postVoteDelayMs('queue')).toBe(1000);
  });
});

describe('wording', () => {
  it('names missing required fields and cast votes as the spec words them', () => {
    expect(missingRequiredToast(['Surname', 'Parish'])).toMatchObject({
      title: 'Missing required fields',
      description: 'Please fill in: Surname, Parish',
    });
    expect(votedLabel('No Data', 2)).toBe('You voted: No Data (2 votes)');
    expect(votedLabel('Unreadable', 1)).toBe('You voted: Unreadable (1 vote)');
  });
});
