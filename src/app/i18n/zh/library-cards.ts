// Chinese for the interface's words: the library's characters and personas edited and deleted
// (library/character-card-editor.tsx, persona-editor.tsx, persona-list.tsx, delete-from-library.tsx,
// library-edit-dialog.tsx). Also used here, kept in other areas: 'Name', 'Description', 'Delete',
// 'Delete for good', 'Keep' (library), 'Save' (settings), 'Cancel', 'Close' (common), 'Edit'
// (row-controls), 'Personas' (lorebooks).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_LIBRARY_CARDS: Messages = {
  'Edit card': '编辑角色卡',
  // library/character-expressions.tsx (K11).
  'Expressions: {count}': '表情图：{count}',
  'Expressions of {name}': '{name} 的表情图',
  'Expression pictures not on this device ({count}): they are on the device that imported this card.':
    '不在这台设备上的表情图（{count} 张）：它们在导入这张角色卡的设备上。',
  'Edit card of {name}': '编辑 {name} 的角色卡',
  'Edit the card of {name}': '编辑 {name} 的角色卡',
  'Edit the persona {name}': '编辑人设 {name}',
  'Stories already started keep the card they began with; edit a story’s cast from its Scene options.':
    '已经开始的故事保留它们开始时的角色卡；要修改某个故事的角色，请在它的“场景选项”里编辑。',
  'Stories already started keep the persona they began with; edit it from a story’s Scene options.':
    '已经开始的故事保留它们开始时的人设；要修改，请在故事的“场景选项”里编辑。',
  Personality: '性格',
  Scenario: '场景',
  'First message': '开场白',
  'Alternate greetings': '备选开场白',
  'No alternate greetings.': '没有备选开场白。',
  'Greeting {number}': '开场白 {number}',
  'Remove greeting {number}': '删除开场白 {number}',
  'Add a greeting': '添加一条开场白',
  'Example dialogue': '对话示例',
  'Creator’s notes': '作者备注',
  'You have changes that are not saved. Discard them?': '你有尚未保存的更改。要放弃它们吗？',
  'Delete {name} from the library': '从资料库删除 {name}',
  'Delete {name} from the library? Stories already started keep their copy.':
    '要从资料库删除 {name} 吗？已经开始的故事保留它们自己的副本。',
};
