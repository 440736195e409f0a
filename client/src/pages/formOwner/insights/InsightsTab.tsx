/**
 * The owner page's Insights tab (loaded on first use): agreement per contributor, field
 * difficulty, throughput with its forecast, and the live per-image heatmap. Owners whose
 * abilities (GET /api/user) lack Insights see an upgrade prompt in its place, without asking for
 * figures; a 402 from the server (the plan changed meanwhile) shows the same prompt.
 */
import { css } from '@emotion/react';
import { HEAT_STATES, INSIGHTS_COMPUTING } from '@formscribe/common/insights';
import { type FormResponse, imagesPageResponseSchema } from '@formscribe/common/schemas/form';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { apiGet } from '../../../api/apiClient.ts';
import { useCurrentUser } from '../../../api/currentUser.ts';
import { imageSearchUrl } from '../../../api/images.ts';
import { needsUpgrade, useAgreement, useFieldDifficulty, useHeatmap, useThroughput } from '../../../api/insights.ts';
import { Card, CardText, CardTitle } from '../../../components/ui/Card.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import { useT } from '../../../i18n/useT.ts';
import { showToast } from '../../../stores/toastStore.ts';
import { DisagreementDialog } from '../disagreements/DisagreementDialog.tsx';
import { AgreementTable } from './AgreementTable.tsx';
import { FieldDifficultyTable } from './FieldDifficultyTable.tsx';
import { Heatmap } from './Heatmap.tsx';
import { ThroughputChart } from './ThroughputChart.tsx';
import { useLiveInsights } from './useLiveInsights.ts';

const stackStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
}

type InsightsSection = 'heatmap' | 'throughput' | 'agreement' | 'difficulty';

function Section<T>({
  section,
  query,
  children,
}: {
  section: InsightsSection;
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useT();
  const title = t('progress.insights.section', { section });
  return (
    <Card aria-label={title}>
      <CardTitle>{title}</CardTitle>
      {query.isPending && <Spinner label={t('progress.insights.sectionLoading', { section })} />}
      {query.error !== null && !query.isPending && (
        <InlineAlert tone="error">{t('progress.insights.sectionFailed', { section })}</InlineAlert>
      )}
      {query.data !== undefined && children(query.data)}
    </Card>
  );
}

function UpgradePrompt() {
  const { t } = useT();
  return (
    <Card data-testid="insights-upgrade">
      <CardTitle>{t('progress.insights.upgradeTitle')}</CardTitle>
      <CardText>{t('progress.insights.upgradeText')}</CardText>
      <Link to="/billing">{t('progress.insights.upgradeNow')}</Link>
    </Card>
  );
}

interface OpenedImage {
  id: number;
  name: string;
}

/** The image at `number`, found through the images search (which also matches numbers). */
async function findImage(formId: number, number: number): Promise<OpenedImage | undefined> {
  const page = await apiGet(imageSearchUrl(formId, `#${number}`, 1, 100), imagesPageResponseSchema);
  const image = page.images.find((i) => i.number === number);
  return image && { id: image.id, name: image.originalName };
}

export function InsightsTab({ form }: { form: FormResponse }) {
  const user = useCurrentUser().data;
  if (user && !user.abilities.insights) return <UpgradePrompt />;
  return <InsightsFigures form={form} />;
}

function InsightsFigures({ form }: { form: FormResponse }) {
  const { t } = useT();
  useLiveInsights(form.id);
  const agreement = useAgreement(form.id);
  const difficulty = useFieldDifficulty(form.id);
  const throughput = useThroughput(form.id);
  const heatmap = useHeatmap(form.id);
  const [opened, setOpened] = useState<OpenedImage>();

  if ([agreement, difficulty, throughput, heatmap].some((q) => needsUpgrade(q.error))) return <UpgradePrompt />;

  async function openImage(number: number, state: number) {
    if (HEAT_STATES[state] === 'none') {
      showToast({ title: t('progress.insights.imageHasNoEntries', { number }) });
      return;
    }
    const image = await findImage(form.id, number).catch(() => undefined);
    if (image) setOpened(image);
    else showToast({ title: t('progress.insights.imageCouldNotOpen', { number }), variant: 'destructive' });
  }

  return (
    <div css={stackStyles}>
      <Section section="heatmap" query={heatmap}>
        {(data) => <Heatmap heatmap={data} onOpenImage={(number, state) => void openImage(number, state)} />}
      </Section>
      <Section section="throughput" query={throughput}>
        {(data) => <ThroughputChart throughput={data} />}
      </Section>
      <Section section="agreement" query={agreement}>
        {(data) => (
          <>
            {data.computing && <InlineAlert tone="info">{translateServerMessage(INSIGHTS_COMPUTING)}</InlineAlert>}
            <AgreementTable formId={form.id} contributors={data.contributors} />
          </>
        )}
      </Section>
      <Section section="difficulty" query={difficulty}>
        {(data) => (
          <>
            {data.computing && <InlineAlert tone="info">{translateServerMessage(INSIGHTS_COMPUTING)}</InlineAlert>}
            <FieldDifficultyTable fields={data.fields} />
          </>
        )}
      </Section>
      {opened && (
        <DisagreementDialog
          formId={form.id}
          imageId={opened.id}
          imageName={opened.name}
          open
          onOpenChange={(open) => !open && setOpened(undefined)}
        />
      )}
    </div>
  );
}
