// Stored device settings that could not be used are told when the app starts, with a way to
// Settings, and the notice goes once settings were saved again (the worker answers null then).
import { afterEach, describe, expect, it } from 'vitest';
import { createComponent } from 'solid-js';
import { render } from 'solid-js/web';
import { createClientFor, DriverProvider } from '../../src/app/shell/driver-client.ts';
import { SettingsProblemNotice } from '../../src/app/shell/settings-problem-notice.tsx';
import { createFakeDriver } from './fake-driver.ts';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

describe('the settings problem notice', () => {
  it('says what was wrong, opens Settings, and is gone once the worker has nothing to say', async () => {
    const fake = createFakeDriver();
    let problem: string | null = 'The settings saved on this device could not be read.';
    fake.handlers.settingsProblem = async () => problem;
    let opened = 0;
    let version = 0;
    const host = document.createElement('div');
    document.body.append(host);
    const mount = () =>
      render(
        () =>
          createComponent(DriverProvider, {
            client: createClientFor(fake.api),
            get children() {
              return createComponent(SettingsProblemNotice, {
                version,
                onOpenSettings: () => opened++,
              });
            },
          }),
        host,
      );
    let dispose = mount();
    cleanups.push(() => {
      dispose();
      host.remove();
    });
    await expect.poll(() => host.textContent).toContain('could not be read');
    host.querySelector('button')?.click();
    expect(opened).toBe(1);
    problem = null;
    dispose();
    version++;
    dispose = mount();
    await expect.poll(() => fake.calls.filter(([n]) => n === 'settingsProblem').length).toBe(2);
    await expect.poll(() => host.textContent).toBe('');
  });
});
