// One audience's variant of a turn in the inspector: what they perceived (editable), its badges, what
// can be done with it (project it again, keep it as is, or mark that they perceived nothing), and what
// the request that projected it was given.
import { Show, type JSX } from 'solid-js';
import type { Peer, TurnInspection } from '../../workers/api.ts';
import { Badges, type BadgeName } from '../ui/badges.tsx';
import { EditingBadge } from '../sync/editing-badge.tsx';
import { t } from '../i18n/ui-text.ts';
import type { InspectorState } from './inspector-state.ts';
import { LiveTextField } from '../ui/live-text-field.tsx';
import { GivenSummary } from './given-summary.tsx';

export type Variant = TurnInspection['variants'][number];

/** The badges of a variant: a record may be edited and stale at once, or edited to perceive nothing. */
export function variantBadges(variant: Variant): BadgeName[] {
  if (variant.badge === 'missing') return ['missing'];
  const names: BadgeName[] = [];
  if (variant.badge === 'stale') names.push('stale');
  if (variant.edited) names.push('edited');
  if (variant.cut) names.push('cut off');
  if (!variant.perceived) names.push('perceived nothing');
  return names;
}

export function VariantCard(props: {
  id: string;
  variant: Variant;
  you: boolean;
  inspector: InspectorState;
  /** Other devices editing this variant now (co-editing presence). */
  editors?: Peer[];
  /** This device starts or stops editing the variant (its text field gains or loses focus). */
  onEditing?: (editing: boolean) => void;
}): JSX.Element {
  const v = (): Variant => props.variant;
  const missing = (): boolean => v().badge === 'missing';
  const busy = (): boolean => props.inspector.busy() !== null;
  const title = (): string => (props.you ? t('{name} (you)', { name: v().name }) : v().name);
  return (
    <div
      class="variant"
      role="group"
      aria-labelledby={`${props.id}-title`}
      onFocusIn={(e) => e.target instanceof HTMLTextAreaElement && props.onEditing?.(true)}
      onFocusOut={(e) => e.target instanceof HTMLTextAreaElement && props.onEditing?.(false)}
    >
      <div class="variant-head">
        <h3 id={`${props.id}-title`}>{title()}</h3>
        <Badges names={variantBadges(v())} />
        <EditingBadge peers={props.editors ?? []} />
      </div>
      <LiveTextField
        id={`${props.id}-text`}
        label={t('What {name} perceived', { name: v().name })}
        value={v().text}
        readOnly={missing()}
        placeholder={
          missing()
            ? t('Not projected yet.')
            : v().perceived
              ? ''
              : t('Perceived nothing. Type here to say what they perceived.')
        }
        onDelta={(delta) => props.inspector.editVariant(v().audience, delta)}
        emptyHint={t(
          'A view cannot be empty: deleting its text does not mean they perceived nothing. Write what they perceived, or use Mark as perceived nothing.',
        )}
      />
      <div class="inspector-actions">
        <button
          type="button"
          class="small secondary"
          title={t("Project this turn for {name} again, from {name}'s own history", { name: v().name })}
          aria-disabled={busy()}
          onClick={() => !busy() && void props.inspector.regenerateProjection(v().audience)}
        >
          {t('Regenerate this projection')}
        </button>
        <Show when={v().badge === 'stale'}>
          <button
            type="button"
            class="small secondary"
            title={t('Accept this variant as it is: it stops being stale, nothing is regenerated')}
            aria-disabled={busy()}
            onClick={() => !busy() && void props.inspector.keepAsIs(v().audience)}
          >
            {t('Keep as is')}
          </button>
        </Show>
        <Show when={!missing() && v().perceived}>
          <button
            type="button"
            class="small secondary"
            title={t('{name} perceived nothing of this turn', { name: v().name })}
            aria-disabled={busy()}
            onClick={() => !busy() && void props.inspector.markPerceivedNothing(v().audience)}
          >
            {t('Mark as perceived nothing')}
          </button>
        </Show>
      </div>
      <Show when={v().given}>
        {(given) => (
          <GivenSummary
            title={t("What {name}'s projection was given", { name: v().name })}
            given={given()}
            storyId={props.inspector.storyId}
            turnId={props.inspector.turnId}
            audience={v().audience}
          />
        )}
      </Show>
    </div>
  );
}
