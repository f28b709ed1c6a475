// Prompt files with a problem, found when the app starts (and again on every screen change): the
// library's edits in every language are checked, and a notice links to the Prompts screen, so a broken
// edit is known before a request fails on it.
import { Show, createResource, type JSX } from 'solid-js';
import { useDriver } from './driver-client.ts';
import { t, uiLanguage } from '../i18n/ui-text.ts';
import { routeHash, type Route } from './route.ts';

export function PromptProblemsNotice(props: { route: Route }): JSX.Element {
  const { api } = useDriver();
  const [count] = createResource(
    () => props.route,
    async () => {
      // Each listing checks every language's files: one is enough.
      const listing = await api.listPrompts(uiLanguage());
      return listing.ok ? new Set(listing.problems.map((p) => p.path)).size : 0;
    },
  );
  return (
    <Show when={props.route.screen !== 'prompts' && count.latest}>
      {(problems) => (
        <p class="prompt-problems" role="status">
          <a href={routeHash({ screen: 'prompts' })}>
            {problems() === 1
              ? t('1 prompt file has a problem: requests that use it fail until it is fixed.')
              : t('{count} prompt files have a problem: requests that use them fail until they are fixed.', {
                  count: problems(),
                })}
          </a>
        </p>
      )}
    </Show>
  );
}
