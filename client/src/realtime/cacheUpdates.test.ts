import type { FormListItem } from '@formscribe/common/schemas/form';
import type { EntryResponse } from '@formscribe/common/schemas/submission';
import { describe, expect, it } from 'vitest';
import { withEntrySettings, withFormProgress, withVerifiedFields, withVoteCount } from './cacheUpdates.ts';

const card = (id: number) => ({ id, totalImages: 1, completedImages: 0 }) as FormListItem;

describe('cache updates from live events', () => {
  it('moves only the matching dashboard card', () => {
    const list = withFormProgress([card(1), card(2)], { formId: 2, totalImages: 5, completedImages: 3 });
    expect(list?.map((f) => [f.id, f.totalImages, f.completedImages])).toEqual([
      [1, 1, 0],
      [2, 5, 3],
    ]);
    expect(withFormProgress(undefined, { formId: 2, totalImages: 5, completedImages: 3 })).toBeUndefined();
  });

  it('turns the entry page to "paused" or "not available" as the settings change', () => {
    const entry = {
      form: { id: 7, isActive: true, dataEntryActive: true },
      isBlocked: false,
      entryClosedReason: null,
    } as unknown as EntryResponse;
    const form = { id: 7, name: 'F', requiredEntriesPerImage: 1 };
    const paused = withEntrySettings(entry, { formId: 7, form: { ...form, isActive: true, dataEntryActive: false } });
    expect(paused?.entryClosedReason).toBe('dataEntryPaused');
    const inactive = withEntrySettings(entry, { formId: 7, form: { ...form, isActive: false, dataEntryActive: true } });
    expect(inactive?.entryClosedReason).toBe('formInactive');
    const reopened = withEntrySettings(paused, { formId: 7, form: { ...form, isActive: true, dataEntryActive: true } });
    expect(reopened?.entryClosedReason).toBeNull();
    expect(withEntrySettings(entry, { formId: 8, form: { ...form, isActive: false, dataEntryActive: true } })).toBe(
      entry,
    );
  });

  it('marks a peer-verified field and keeps vote status of this user', () => {
    const image = { id: 3, isComplete: false, fieldVerificationStatus: {} } as never;
    const updated = withVerifiedFields(image, {
      formId: 1,
      imageId: 3,
      isComplete: false,
      fieldVerificationStatus: { name: { isVerified: true, verifiedValue: 'Anna' } },
    });
    expect(updated?.fieldVerificationStatus.name).toEqual({ isVerified: true, verifiedValue: 'Anna' });
    expect(
      withVoteCount(
        { hasVoted: true, voteCount: 1 },
        { formId: 1, imageId: 3, kind: 'no-data', voteCount: 2, isComplete: true },
      ),
    ).toEqual({ hasVoted: true, voteCount: 2 });
  });
});
