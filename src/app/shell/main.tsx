// Entry point of the user interface: starts the driver worker and mounts the app into #root.
import { render } from 'solid-js/web';
import { App } from './app.tsx';
import { DriverProvider, createDriverClient } from './driver-client.ts';
import '../styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const client = createDriverClient();
render(
  () => (
    <DriverProvider client={client}>
      <App />
    </DriverProvider>
  ),
  root,
);
