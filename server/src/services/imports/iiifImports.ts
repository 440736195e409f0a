/** The IIIF source with this deployment's outbound settings (the test-only loopback switch). */
import type { AppDeps } from '../../appTypes.ts';
import { iiifSource } from './iiifSource.ts';
import type { SourceContext, SourceItem } from './importSources.ts';

export function iiifSourceFor(deps: AppDeps, url: string, context: SourceContext): AsyncIterable<SourceItem> {
  return iiifSource(url, context, { allowLoopback: deps.config.outbound.allowLoopback });
}
