// Chinese for the session doctor's text built from data: a fix as a proposal shows it, and why one
// cannot be made now (assistant/doctor/doctor-tools.ts).
import type { Messages } from './translate.ts';

export const DOCTOR_ZH: Messages = {
  '{name}: turns {turns}': '{name}：第 {turns} 回合',
  'Turn {turn} by {author}': '{author} 的第 {turn} 回合',
  'What {name} perceived of turn {turn}': '{name} 对第 {turn} 回合的感知',
  'No perception is missing on the active path now.': '当前路径上现在没有缺失的感知。',
  'The history is stale: keep it or rewrite it first, then write the missing views.':
    '历史已过时：请先保留或重写它，再写出缺失的视角。',
  'Perceptions not written yet': '尚未写出的感知',
  'Each one written by the model, in story order.': '由模型按故事顺序逐一写出。',
  'No turn {turnId} on the active path.': '当前路径上没有回合 {turnId}。',
  '{label} is not stale now: it was kept or rewritten meanwhile.':
    '{label} 现在并未过时：它在此期间已被保留或重写。',
  'Written from an earlier version of the story (stale).': '根据故事的较早版本写成（已过时）。',
  'Kept as it is: no longer stale.': '保持原样：不再过时。',
  'Nothing on the active path is stale now.': '当前路径上现在没有过时的内容。',
  'The stale history': '过时的历史',
  '{count} turns stale from turn {turn} ({hand} written or edited by hand).':
    '从第 {turn} 回合起有 {count} 个回合过时（其中 {hand} 项为亲手写或修改）。',
  'Rewritten by the model; what a person wrote is kept.': '由模型重写；人写的内容会保留。',
  'Rewritten by the model on a new branch; the turn written or edited by hand after the first one rewritten stays on the old branch.':
    '由模型在新分支上重写；第一个被重写的回合之后、由人手写或手动编辑的那个回合留在旧分支上。',
  'Rewritten by the model on a new branch; the {count} turns written or edited by hand after the first one rewritten stay on the old branch.':
    '由模型在新分支上重写；第一个被重写的回合之后、由人手写或手动编辑的 {count} 个回合留在旧分支上。',
  'No generation of this story has failed since the last one that succeeded.':
    '自上次成功的生成以来，这个故事没有失败的生成。',
  'The generation that failed': '失败的生成',
  'That change is no longer waiting for review.': '该变更已不再等待审阅。',
  'What {name} remembers: {subject} ({domain})': '{name} 的记忆：{subject}（{domain}）',
  'Waiting for review: {value}': '等待审阅：{value}',
  'Rejected: not remembered.': '已拒绝：不会被记住。',
};
