// One audience's variant of a turn in the inspector: what they perceived (editable), its badges, and
// what can be done with it: project it again, keep it as is, or mark that they perceived nothing.
import { Show, type JSX } from 'solid-js';
import type { Peer, TurnInspection } from '../workers/api.ts';
import { Badges } from './badges.tsx';
import { EditingBadge } from './editing-badge.tsx';
import type { InspectorState } from './inspector-state.ts';
import { LiveTextField } from './live-text-field.tsx';

export type Variant = TurnInspection['variants'][number];

/** The badges of a variant: a record may be edited and stale at once, or edited to perceive nothing. */
export function variantBadges(variant: Variant): string[] {
  if (variant.badge === 'missing') return ['missing'];
  return [
    ...(variant.badge === 'stale' ? ['stale'] : []),
    ...(variant.edited ? ['edited'] : []),
    ...(variant.perceived ? [] : ['perceived nothing']),
  ];
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
  const title = (): string => `${v().name}${props.you ? ' (you)' : ''}`;
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
        label={`What ${v().name} perceived`}
        value={v().text}
        readOnly={missing()}
        placeholder={
          missing()
            ? 'Not projected yet.'
            : v().perceived
              ? ''
              : 'Perceived nothing. Type here to say what they perceived.'
        }
        onDelta={(delta) => props.inspector.editVariant(v().audience, delta)}
      />
      <div class="inspector-actions">
        <button
          type="button"
          class="small secondary"
          title={`Project this turn for ${v().name} again, from ${v().name}'s own history`}
          aria-disabled={busy()}
          onClick={() => !busy() && void props.inspector.regenerateProjection(v().audience)}
        >
          Regenerate this projection
        </button>
        <Show when={v().badge === 'stale'}>
          <button
            type="button"
            class="small secondary"
            title="Accept this variant as it is: it stops being stale, nothing is regenerated"
            aria-disabled={busy()}
            onClick={() => !busy() && void props.inspector.keepAsIs(v().audience)}
          >
            Keep as is
          </button>
        </Show>
        <Show when={!missing() && v().perceived}>
          <button
            type="button"
            class="small secondary"
            title={`${v().name} perceived nothing of this turn`}
            aria-disabled={busy()}
            onClick={() => !busy() && void props.inspector.markPerceivedNothing(v().audience)}
          >
            Mark as perceived nothing
          </button>
        </Show>
      </div>
    </div>
  );
}
