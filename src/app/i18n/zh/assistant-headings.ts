// Chinese for the headings of proposed changes (assistant/change-heading.ts): a world's pieces by
// their kind, the world itself, and the plain headings of proposals stored before headings were kept.
// Also used there, kept in other areas: the entry and lorebook headings (assistant), the prompt and
// sampling headings (presetAssistant).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_ASSISTANT_HEADINGS: Messages = {
  'New “{label}”': '新建“{label}”',
  'Edit “{label}”': '修改“{label}”',
  'Delete “{label}” (it goes to the trash)': '删除“{label}”（移入回收站）',
  'Change “{label}”': '修改“{label}”',
  'Change the world “{label}”': '修改世界“{label}”',
  'New character “{label}”': '新角色“{label}”',
  'Edit character “{label}”': '修改角色“{label}”',
  'Delete character “{label}” (it goes to the trash)': '删除角色“{label}”（移入回收站）',
  'New place “{label}”': '新地点“{label}”',
  'Edit place “{label}”': '修改地点“{label}”',
  'Delete place “{label}” (it goes to the trash)': '删除地点“{label}”（移入回收站）',
  'New faction “{label}”': '新势力“{label}”',
  'Edit faction “{label}”': '修改势力“{label}”',
  'Delete faction “{label}” (it goes to the trash)': '删除势力“{label}”（移入回收站）',
  'New thing “{label}”': '新物品“{label}”',
  'Edit thing “{label}”': '修改物品“{label}”',
  'Delete thing “{label}” (it goes to the trash)': '删除物品“{label}”（移入回收站）',
  'New lore “{label}”': '新设定“{label}”',
  'Edit lore “{label}”': '修改设定“{label}”',
  'Delete lore “{label}” (it goes to the trash)': '删除设定“{label}”（移入回收站）',
};
