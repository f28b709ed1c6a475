// Roleplay prose as the transcript shows it: the player's Markdown (prose-tree.ts) as elements, with
// actions in italics and speech set off. Every word is a text node (Solid inserts `{text}` as one):
// model output and cards never become markup.
import { createMemo, ErrorBoundary, type JSX } from 'solid-js';
import { proseTree, type ProseBlock, type ProseInline } from './prose-tree.ts';
import { t } from '../i18n/ui-text.ts';
import './ui.css';

function Inline(node: ProseInline): JSX.Element {
  switch (node.kind) {
    case 'text':
      return node.speech ? <span class="prose-speech">{node.text}</span> : node.text;
    case 'break':
      return <br />;
    case 'code':
      return <code>{node.text}</code>;
    case 'emphasis':
      return <em class="prose-action">{node.children.map(Inline)}</em>;
    case 'strong':
      return <strong>{node.children.map(Inline)}</strong>;
  }
}

function Block(node: ProseBlock): JSX.Element {
  switch (node.kind) {
    case 'paragraph':
      return <p>{node.children.map(Inline)}</p>;
    case 'heading':
      return <p class="prose-heading">{node.children.map(Inline)}</p>;
    case 'quote':
      return <blockquote>{node.children.map(Block)}</blockquote>;
    case 'list': {
      const items = node.items.map((item) => <li>{item.map(Block)}</li>);
      return node.ordered ? <ol start={node.start}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'code-block':
      return (
        <pre>
          <code>{node.text}</code>
        </pre>
      );
    case 'rule':
      return <hr />;
  }
}

function ProseBlocks(props: { text: string; class: string }): JSX.Element {
  const blocks = createMemo(() => proseTree(props.text));
  return <div class={props.class}>{blocks().map(Block)}</div>;
}

/** A turn as prose; if it cannot be shown so, its text as typed with a short note, never a blank row. */
export function ProseText(props: { text: string; class?: string }): JSX.Element {
  const className = (): string => 'prose '.concat(props.class ?? 'turn-text');
  return (
    <ErrorBoundary
      fallback={
        <div class={className()}>
          <p class="prose-plain">{props.text}</p>
          <p class="prose-unformatted">{t('Shown as plain text: its formatting could not be read.')}</p>
        </div>
      }
    >
      <ProseBlocks text={props.text} class={className()} />
    </ErrorBoundary>
  );
}
