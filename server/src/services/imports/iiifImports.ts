/** The IIIF source with this deployment's outbound settings (the test-only loopback switch). */
import type { AppDeps } from '../../appTypes.ts';
import type { SourceContext, SourceItem } from './importSources.ts';

// biome-ignore lint/correctness/useYield: replaced when the IIIF source lands
export async function* iiifSourceFor(_deps: AppDeps, _url: string, _context: SourceContext): AsyncIterable<SourceItem> {
  throw new Error('IIIF imports are not available yet');
}
