/** The entry of one loaded image: values, submit, votes, contributors and the viewer. */
import { errorStatusCode } from '@formscribe/common/errorMessages';
import type { FormField } from '@formscribe/common/fields';
import type { ImageResponse } from '@formscribe/common/schemas/form';
import type { VoteResponse } from '@formscribe/common/schemas/submission';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useCurrentUser } from '../../api/currentUser.ts';
import { entryQueryKey, useSubmitEntry } from '../../api/entry.ts';
import { useImageShift, useRegionSettings } from '../../api/regions.ts';
import { CatalogueValues } from '../../components/catalogue/CatalogueValues.tsx';
import { useValuesShownWhileEntering } from '../../components/catalogue/useValuesShownWhileEntering.ts';
import { Button } from '../../components/ui/Button.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { ContributorsList } from './ContributorsList.tsx';
import { EntryFields, focusEntryField } from './EntryFields.tsx';
import { useSampleImageSrc } from './ExampleCrop.tsx';
import { entryDisplayUrl } from './entryDisplayCopy.ts';
import { clearEntryDraft, entryDraftKey, readEntryDraft, saveEntryDraft } from './entryDraft.ts';
import { missingRequiredToast, postSubmitDelayMs, postVoteDelayMs, submissionErrorToast } from './entryFeedback.ts';
import {
  buildSubmissionData,
  type EntryValues,
  hasFilledValue,
  missingRequiredLabels,
  prefillValues,
  shouldOfferVotes,
} from './entryValues.ts';
import type { EntryWorkspaceProps } from './entryWorkspaceTypes.ts';
import { type ImageSource, ImageViewer } from './ImageViewer.tsx';
import { RegionBar } from './regions/RegionBar.tsx';
import { useRegionFocus } from './regions/useRegionFocus.ts';
import { useSampleRotation } from './regions/useSampleRotation.ts';
import { useEntryRules } from './useEntryRules.ts';
import { useEntryShortcuts } from './useEntryShortcuts.ts';
import { useImageRotation } from './useImageRotation.ts';
import { useUnsavedEditsFlag } from './useUnsavedEditsFlag.ts';
import { VoteButtons } from './VoteButtons.tsx';
import { actionsStyles, formAreaStyles, layoutStyles, viewerAreaStyles } from './workspaceLayout.ts';

function sortedFields(fields: readonly FormField[]): FormField[] {
  return [...fields].sort((a, b) => a.order - b.order);
}

export function EntryImageSession({
  variant,
  form,
  image,
  zoom,
  onDone,
  extraActions,
  formAreaReady = true,
}: EntryWorkspaceProps & { image: ImageResponse }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const fields = useMemo(() => sortedFields(form.fields), [form.fields]);
  const verification = image.fieldVerificationStatus;
  // The page is shown only to a signed-in user (GuardedRoute), so the id is there.
  const userId = useCurrentUser().data?.id ?? 0;
  const draftKey = entryDraftKey(userId, form.id, image.id);
  // Typing kept from before a sign-in comes back; otherwise the usual prefill.
  const [values, setValues] = useState<EntryValues>(
    () => readEntryDraft(draftKey) ?? prefillValues(fields, verification),
  );
  const [done, setDone] = useState<'submitted' | 'completedByVote' | null>(null);
  const [imageLoaded, setImageLoaded] = useState(false);
  const rotation = useImageRotation(image.id, image.rotation);
  const unsavedEdits = useUnsavedEditsFlag();
  const submitEntry = useSubmitEntry(form.id);
  // Field regions: the viewer frames the focused field's box, moved by this image's shift.
  const hasRegions = fields.some((field) => field.region);
  const shift = useImageShift(image.id, hasRegions).data;
  const regionSettings = useRegionSettings(form.id, hasRegions).data;
  const regions = useRegionFocus(fields, shift, useSampleRotation(form.id, regionSettings?.sampleImageId));
  const canShiftRegions = form.canManage || (regionSettings?.contributorsMayShift ?? false);
  const sampleSrc = useSampleImageSrc(form.id, regionSettings?.sampleImageId ?? null);
  const rules = useEntryRules(fields, values, verification);
  const catalogueValues = useValuesShownWhileEntering(form, image.metadata);
  // Zooming by hand means looking around the page: the view leaves the field's box for it.
  const byHand = (change: () => void) => () => {
    if (regions.focus) regions.showWholePage();
    change();
  };
  // This page's listener is added before the workspace's (child effects run first), so with
  // regions its zoom keys also leave the box, and the workspace's then see the key handled.
  useEntryShortcuts({
    rotateRight: () => rotation.rotate('right'),
    toggleWholePage: hasRegions ? regions.toggleWholePage : undefined,
    zoomIn: hasRegions ? byHand(zoom.zoomIn) : undefined,
    zoomOut: hasRegions ? byHand(zoom.zoomOut) : undefined,
    resetZoom: hasRegions ? byHand(zoom.resetZoom) : undefined,
  });

  const locked = done !== null;
  const filled = hasFilledValue(fields, values, verification);
  // A complete image needs no votes; entering it still adds a confirming entry.
  const offerVotes = !image.isComplete && shouldOfferVotes({ filled, imageLoaded, locked });
  // The queue offers Submit only once something is entered (spec section 5); Enter still submits.
  const showSubmit = variant === 'entry' || filled;

  function finish(outcome: 'submitted' | 'completedByVote', delayMs: number, celebrate: boolean) {
    clearEntryDraft(draftKey);
    setDone(outcome);
    unsavedEdits.clear();
    onDone({ delayMs, celebrate });
  }

  function handleSubmit() {
    if (locked || submitEntry.isPending) return;
    if (variant === 'queue') {
      const missing = missingRequiredLabels(fields, values, verification);
      if (missing.length > 0) {
        showToast(missingRequiredToast(missing));
        return;
      }
    }
    if (rules.holdBack()) return;
    const wasFilled = filled;
    const asWritten = rules.asWritten();
    const data = buildSubmissionData(fields, values, verification);
    submitEntry.mutate(
      { imageId: image.id, data, ...(asWritten.length > 0 && { asWritten }) },
      {
        onSuccess: () => finish('submitted', postSubmitDelayMs(variant, wasFilled), wasFilled),
        onError: (error) => {
          // An ended session has its own message and sign-in (api/sessionExpiry.ts); the draft is kept.
          if (errorStatusCode(error) === 401) return;
          // A refusal of one value is shown at that field, where it can be put right.
          const refused = rules.showRefusal(error);
          if (refused) return focusEntryField(refused);
          showToast(submissionErrorToast(error));
          // Blocked, paused or deactivated meanwhile: the page shows why.
          if (errorStatusCode(error) === 403) void queryClient.invalidateQueries({ queryKey: entryQueryKey(form.id) });
        },
      },
    );
  }

  // Others completed this image while it was open (a live update): move on, unless this person
  // has started typing — their entry may still be submitted, and work is never thrown away.
  const completeWhenOpened = useRef(image.isComplete);
  const completedByOthers = image.isComplete && !completeWhenOpened.current && !locked;
  useEffect(() => {
    if (!completedByOthers) return;
    completeWhenOpened.current = true;
    const title = t('entry.session.completedByOthersTitle');
    if (filled) {
      showToast({ title, description: t('entry.session.completedByOthers') });
      return;
    }
    showToast({ title, description: t('entry.session.completedByOthersMovingOn') });
    finish('completedByVote', postVoteDelayMs(variant), false);
  });

  function handleVoted(vote: VoteResponse) {
    if (vote.imageCompleted) finish('completedByVote', postVoteDelayMs(variant), false);
  }

  const imageSource: ImageSource = {
    src: entryDisplayUrl(image.publicUrl),
    originalSrc: image.publicUrl,
    alt: t('entry.session.imageAlt', { name: image.originalName }),
    rotation: rotation.rotation,
  };

  return (
    <div css={layoutStyles}>
      <div css={formAreaStyles}>
        {formAreaReady && (
          <>
            {image.isComplete && !done && <InlineAlert tone="info">{t('entry.session.alreadyComplete')}</InlineAlert>}
            <EntryFields
              fields={fields}
              values={values}
              verification={verification}
              locked={locked}
              autoFocus
              onChange={(fieldId, value) => {
                const next = { ...values, [fieldId]: value };
                setValues(next);
                saveEntryDraft(draftKey, next);
                unsavedEdits.markEdited();
                // A mark vouches for the value it was given to, not for whatever is typed next.
                if (rules.marked.has(fieldId)) rules.setMarked(fieldId, false);
              }}
              onSubmit={handleSubmit}
              rules={rules}
              sampleSrc={sampleSrc}
            >
              {(showSubmit || extraActions) && (
                <div css={actionsStyles}>
                  {showSubmit && (
                    <Button type="submit" disabled={locked || submitEntry.isPending}>
                      {submitEntry.isPending ? t('entry.session.submitting') : t('entry.session.submitForm')}
                    </Button>
                  )}
                  {extraActions}
                </div>
              )}
            </EntryFields>
            {done && (
              <InlineAlert tone="success">
                {done === 'submitted' ? t('entry.session.savedThanks') : t('entry.session.completedNow')}
              </InlineAlert>
            )}
            <VoteButtons
              formId={form.id}
              imageId={image.id}
              offered={offerVotes}
              locked={locked}
              onVoted={handleVoted}
            />
            <ContributorsList imageId={image.id} />
          </>
        )}
      </div>
      <div css={viewerAreaStyles}>
        {/* The catalogue columns the owner shows contributors: "Box: 12 · Folder: 3". */}
        <CatalogueValues metadata={catalogueValues} label={t('entry.session.catalogueData')} />
        {hasRegions && <RegionBar imageId={image.id} regions={regions} shift={shift} canShift={canShiftRegions} />}
        <ImageViewer
          image={imageSource}
          zoom={zoom.zoom}
          onZoomIn={byHand(zoom.zoomIn)}
          onZoomOut={byHand(zoom.zoomOut)}
          onResetZoom={byHand(zoom.resetZoom)}
          onZoomTo={(next) => byHand(() => zoom.zoomTo(next))()}
          onRotate={rotation.rotate}
          onLoadedChange={setImageLoaded}
          focus={regions.focus}
        />
      </div>
    </div>
  );
}
