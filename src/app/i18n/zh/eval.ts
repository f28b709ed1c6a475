// Chinese for the interface's words: "Evaluate this model" (settings/eval-dialog.tsx, eval-rows.ts).
// Also used there, kept in common: 'Close'.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_EVAL: Messages = {
  'Evaluate this model': '评估这个模型',
  'Evaluate {model}': '评估 {model}',
  'Plays scenes planted with secrets with this model, twice: as Rashomon plays them (each character gets only what it perceived), then as shared history (everyone sees every message, as in group chats). It takes a few hundred requests. Lower is better in every row.':
    '用这个模型把埋有秘密的场景演两遍：先按 Rashomon 的方式（每个角色只得到自己感知到的内容），再按共享历史的方式（每个人都看到每一条消息，就像群聊那样）。大约需要几百次请求。每一行都是越低越好。',
  Scenes: '场景',
  English: '英文',
  Chinese: '中文',
  Start: '开始',
  'Evaluate again': '再评估一次',
  Stop: '停止',
  'Scene {scene} of {scenes}: {title}, {mode} — {requests} requests so far':
    '第 {scene} 个场景（共 {scenes} 个）：{title}，{mode}——目前已发出 {requests} 次请求',
  isolation: '隔离',
  'shared history': '共享历史',
  'Stopped: {played} of {total} scenes played whole, {requests} requests.':
    '已停止：{total} 个场景中完整演完了 {played} 个，共 {requests} 次请求。',
  'Done: {played} scenes, {requests} requests.': '完成：{played} 个场景，{requests} 次请求。',
  'Per 100 opportunities, [95 % interval], hits/opportunities':
    '每 100 次机会中的次数，[95% 区间]，命中/机会',
  Measure: '指标',
  'Isolation (Rashomon)': '隔离（Rashomon）',
  'Shared history (baseline)': '共享历史（基线）',
  '{count} scene runs stopped early on a model failure; the first: {detail}':
    '有 {count} 次场景运行因模型失败而提前停止；第一次：{detail}',
  'Download the requests (JSON)': '下载这些请求（JSON）',
  'Every request it made, with its answer; nothing of it is stored.':
    '它发出的每一次请求及其回答；这些都不会被保存。',
  'L0 structural leak (must be 0)': 'L0 结构性泄露（必须为 0）',
  'L1 secret leaked word for word': 'L1 秘密被原样泄露',
  'L2 leaked, word for word or paraphrased': 'L2 被泄露（原样或换一种说法）',
  'Over-filtering (a witness lost what was said)': '过度过滤（在场者没有得到说出口的话）',
  'Reactions written into projections': '感知里替对方写了反应',
  '<empty> where something was perceivable': '能感知到却回答了 <empty>',
  'Text where nothing was perceivable': '什么也感知不到却写了内容',
  'no opportunity': '没有机会',
  'Ended early: this model cannot be used as it is set up. {detail}':
    '提前结束：按目前的设置无法使用这个模型。{detail}',
};
