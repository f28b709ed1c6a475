// The session doctor: an assistant over one story's state. Its subject id, system prompt and welcome
// come from the doctor/ prompt files (overridable like every prompt); its tools read the story and
// propose the fixes the story screen has (doctor-tools.ts). Its chat is the library's, like every chat.
import type { Language } from '../../doc/schema.ts';
import { renderPrompt, type PromptSet } from '../../prompts/render.ts';
import { doctorTools, type DoctorToolsInput } from './doctor-tools.ts';
import type { Assistant } from '../tools.ts';

export const doctorSubject = (storyId: string): string => `doctor:${storyId}`;

export function doctorAssistant(
  input: DoctorToolsInput & { storyId: string; prompts: PromptSet; language: Language },
): Assistant {
  const { prompts, language } = input;
  const story = input.story.views.meta().title;
  return {
    subject: doctorSubject(input.storyId),
    system: [
      renderPrompt(prompts, language, 'doctor/persona', {}),
      renderPrompt(prompts, language, 'doctor/procedure', { story }),
    ].join('\n\n'),
    welcome: renderPrompt(prompts, language, 'doctor/welcome', { story }),
    tools: doctorTools(input),
  };
}
