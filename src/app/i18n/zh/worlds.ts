// Chinese for the interface's words: the worlds screen.
// Also used here, kept in other areas: 'Worlds' and 'Lorebooks' (shell), 'Name', 'Description',
// 'Delete', 'Delete {title}', 'Delete for good', 'Keep' (library), '← Back to the stories' (prompts).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_WORLDS: Messages = {
  // worlds-screen.tsx, ui/item-list.tsx
  'New world': '新建世界',
  'A world holds characters, places, factions, things and lore, how they stand to each other and who knows what. A story started with it gets its own copy.':
    '世界包含角色、地点、势力、物品和设定，它们之间的关系，以及谁知道什么。用它开始的故事会得到一份自己的副本。',
  'Worlds in the library': '资料库中的世界',
  'Delete “{name}”? Stories started with it keep their own copy.':
    '要删除“{name}”吗？用它开始的故事会保留自己的副本。',
  'No worlds yet.': '还没有世界。',
  'This world is no longer in the library.': '资料库中已经没有这个世界。',
  // world-editor.tsx
  'Saved.': '已保存。',
  'Untitled world': '未命名的世界',
  'Name of the world': '世界名称',
  'Save world': '保存世界',
  'Unsaved changes.': '有未保存的修改。',
  // nodes-section.tsx, world-words.ts
  character: '角色',
  place: '地点',
  faction: '势力',
  thing: '物品',
  lore: '设定',
  'Node {number}': '节点 {number}',
  Kind: '类型',
  'Aliases (comma-separated)': '别名（用逗号分隔）',
  'Body (Markdown)': '正文（Markdown）',
  'Remove node {number}': '移除节点 {number}',
  Nodes: '节点',
  'No nodes yet.': '还没有节点。',
  'Add node': '添加节点',
  // relationships-section.tsx
  'Relationship {number}': '关系 {number}',
  From: '从',
  Label: '关系描述',
  To: '到',
  'Remove relationship {number}': '移除关系 {number}',
  Relationships: '关系',
  'No relationships yet.': '还没有关系。',
  'Add nodes first: a relationship joins two of them.': '请先添加节点：关系连接其中两个节点。',
  'Add relationship': '添加关系',
  '{from} {label} {to}': '{from} {label} {to}',
  // knowledge-tables.tsx, character-knowledge.tsx
  'Who knows what': '谁知道什么',
  'Add a character node to say what it knows.': '添加一个角色节点，才能设定它知道什么。',
  'What each character knows when a story starts. Its own node it always knows.':
    '故事开始时每个角色知道的内容。角色总是知道自己的节点。',
  'Nodes each character knows': '每个角色知道的节点',
  'Relationships each character knows': '每个角色知道的关系',
  Who: '谁',
  '{who} knows {what}': '{who}知道{what}',
  'What {name} knows': '{name}知道什么',
  Character: '角色',
  // world-attachments.tsx
  'Lorebooks and preset': '设定集和预设',
  'Lorebooks of this world': '这个世界的设定集',
  'No lorebooks in the library yet.': '资料库中还没有设定集。',
  'A lorebook no longer in the library ({id})': '资料库中已没有的设定集（{id}）',
  'Suggested preset': '建议的预设',
  None: '无',
  'A preset no longer in the library': '资料库中已没有的预设',
  'A story started with this world applies the preset, then the world’s own prompts.':
    '用这个世界开始的故事会先应用这个预设，再应用世界自己的提示词。',
};
