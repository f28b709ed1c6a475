// The story screen: the user's transcript (or, read-only, another participant's), what is being generated, the composer, the turn inspector
// opened from any row and what a participant remembers, opened from the cast. Opening the story moves
// keyboard focus to its title, so screen readers announce where the user is. Everything here reads
// the worker's view slices.
import { StartNotices } from './start-notices.tsx';
import { UnreadableNotice } from './unreadable-notice.tsx';
import { Show, createSignal, lazy, type JSX } from 'solid-js';
import { Composer } from './composer.tsx';
import { focusOnMount } from '../ui/focus-on-mount.ts';
import { t } from '../i18n/ui-text.ts';
import { PhaseStatus } from './phase-status.tsx';
import { BranchNotice } from './branch-notice.tsx';
import { DeleteNotice } from './delete-notice.tsx';
import { routeHash } from '../shell/route.ts';
import { ShareStory } from '../sync/share-story.tsx';
import { createStoryState } from './story-state.ts';
import { TranscriptView } from './transcript/transcript-view.tsx';
import { FirstRunNote } from './first-run-note.tsx';
import { PointOfView } from './read-as.tsx';
import { CastAvatars } from './cast-avatars.tsx';
import { FailureActions } from './failure-actions.tsx';
import { StoryDoctor, StoryDoctorButton } from './story-doctor.tsx';
import './story.css';

// Opened from a row or the cast, never on the story's first screen: loaded when first opened.
const TurnInspector = lazy(async () => ({
  default: (await import('../inspector/turn-inspector.tsx')).TurnInspector,
}));
const MemoryPanel = lazy(async () => ({ default: (await import('../memory/memory-panel.tsx')).MemoryPanel }));

export function StoryScreen(props: { storyId: string }): JSX.Element {
  // The screen is keyed by story id (app.tsx), so the state belongs to one story.
  const story = createStoryState(props.storyId);
  const [inspecting, setInspecting] = createSignal<string | null>(null);
  /** The participant whose memories are open, or null. */
  const [remembering, setRemembering] = createSignal<string | null>(null);
  const [doctoring, setDoctoring] = createSignal(false);
  let composerBox: HTMLTextAreaElement | undefined;
  return (
    <section class="story-screen" aria-labelledby="story-title">
      <nav class="story-nav">
        <a href={routeHash({ screen: 'library' })}>{t('← Stories')}</a>
        <Show when={!story.deletedElsewhere()}>
          <ShareStory storyId={props.storyId} />
          <Show when={story.overview()}>
            <StoryDoctorButton open={doctoring()} onToggle={() => setDoctoring(!doctoring())} />
          </Show>
        </Show>
      </nav>
      <Show when={!story.deletedElsewhere()} fallback={<DeletedElsewhere />}>
        <Show
          when={story.overview()}
          fallback={
            <Show when={story.loadError()} fallback={<p class="muted">{t('Opening the story…')}</p>}>
              <h2 id="story-title">{t('Story not available')}</h2>
              <p class="error" role="alert">
                {story.loadError()}
              </p>
            </Show>
          }
        >
          {(overview) => (
            <>
              <h2
                id="story-title"
                class="story-screen-title"
                tabIndex={-1}
                ref={(el) => focusOnMount(el, { preventScroll: true })}
              >
                {overview().title}
              </h2>
              <StoryDoctor storyId={props.storyId} title={overview().title} open={doctoring()} />
              <StartNotices story={story} />
              <UnreadableNotice story={story} />
              <FirstRunNote />
              <PointOfView story={story} />
              <CastAvatars story={story}>
                <TranscriptView story={story} onInspect={setInspecting} />
              </CastAvatars>
              <PhaseStatus story={story} />
              <DeleteNotice story={story} />
              <BranchNotice story={story} />
              <Show when={story.error()}>
                <div class="error-box" role="alert">
                  <strong>{t('That did not work.')}</strong> <span>{story.error()}</span>
                  <FailureActions story={story} />
                </div>
              </Show>
              {/* Hidden, not removed, while reading as someone else: the draft waits for the way back. */}
              <div class="composer-holder" hidden={story.readingAs() !== null}>
                <Composer story={story} ref={(el) => (composerBox = el)} onRemember={setRemembering} />
              </div>
              <Show when={inspecting()} keyed>
                {(turnId) => (
                  <TurnInspector
                    storyId={props.storyId}
                    turnId={turnId}
                    userId={overview().userId}
                    nameOf={story.nameOf}
                    onClose={() => setInspecting(null)}
                    onBranched={(branched) => {
                      story.noteBranch(branched);
                      story.followEnd();
                      composerBox?.focus();
                    }}
                  />
                )}
              </Show>
              <Show when={remembering()} keyed>
                {(participantId) => (
                  <MemoryPanel
                    storyId={props.storyId}
                    participantId={participantId}
                    name={story.nameOf(participantId)}
                    onClose={() => setRemembering(null)}
                  />
                )}
              </Show>
            </>
          )}
        </Show>
      </Show>
    </section>
  );
}

/** Said instead of the story once another device or tab deleted it: the worker has closed it. */
function DeletedElsewhere(): JSX.Element {
  return (
    <>
      <h2 id="story-title" tabIndex={-1} ref={(el) => focusOnMount(el)}>
        {t('Story deleted')}
      </h2>
      <p class="error" role="alert">
        {t('This story was deleted on another device or in another tab.')}
      </p>
      <p>
        <a href={routeHash({ screen: 'library' })}>{t('Back to your stories')}</a>
      </p>
    </>
  );
}
