import { ActionError, ActionInputError, Property } from '../../framework.js';
import { browserOp, locate, pageOutput, pageState, settle, targetProps, type BrowserOp } from './browser-action.js';
import { ELEMENT_INFO_SOURCE, elementFunction, type ElementInfo } from './snapshot.js';

const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

const truthy = (v: unknown) =>
  v === true || (typeof v === 'string' && ['true', 'on', 'yes', '1'].includes(v.toLowerCase())) || v === 1;

export const inputOps: BrowserOp[] = [
  browserOp({
    name: 'click',
    displayName: 'Click',
    description: 'Click an element (ref from a snapshot, or a selector).',
    props: {
      ...targetProps('element'),
      button: Property.StaticDropdown({
        displayName: 'Button',
        defaultValue: 'left',
        options: ['left', 'right', 'middle'].map((v) => ({ label: v, value: v })),
      }),
      doubleClick: Property.Checkbox({ displayName: 'Double click', defaultValue: false }),
    },
    outputSchema: pageOutput(),
    exec: async (s, p) => {
      const page = await s.page();
      const el = await locate(page, p.target);
      // Left unless the caller chose another (null, like absent, is Playwright's default: left).
      const button = (p.button ?? 'left') as 'left' | 'right' | 'middle';
      return settle(s, page, p.doubleClick ? el.dblclick({ button }) : el.click({ button }));
    },
  }),
  browserOp({
    name: 'type',
    displayName: 'Type text',
    description:
      'Replace the text of an editable element; optionally type key by key (for pages that react to each key) and press Enter.',
    props: {
      ...targetProps('element'),
      text: Property.LongText({ displayName: 'Text', required: true }),
      submit: Property.Checkbox({ displayName: 'Press Enter after', defaultValue: false }),
      slowly: Property.Checkbox({ displayName: 'Type key by key', defaultValue: false }),
    },
    outputSchema: pageOutput(),
    exec: async (s, p) => {
      const page = await s.page();
      const el = await locate(page, p.target);
      const work = (async () => {
        if (p.slowly) {
          await el.fill('');
          await el.pressSequentially(p.text);
        } else await el.fill(p.text);
        if (p.submit) await el.press('Enter');
      })();
      return settle(s, page, work);
    },
  }),
  browserOp({
    name: 'fill_form',
    displayName: 'Fill a form',
    description:
      'Set several fields at once: text inputs and text areas get the value as text, checkboxes and radios are checked when it is true, selects choose the option(s).',
    props: {
      fields: Property.Array({
        displayName: 'Fields',
        required: true,
        items: {
          ...targetProps('field'),
          value: Property.Json({
            displayName: 'Value',
            description: 'text; true/false for a checkbox or radio; an option value or label (or a list) for a select',
          }),
        },
      }),
    },
    outputSchema: pageOutput({ filled: { type: 'number' } }),
    exec: async (s, p) => {
      if (p.fields.length === 0) throw new ActionInputError('fields', 'must list at least one field');
      const page = await s.page();
      for (const [i, f] of p.fields.entries()) {
        const el = await locate(page, f.target, `fields[${i}].target`);
        const info = (await el.evaluate(elementFunction(ELEMENT_INFO_SOURCE))) as ElementInfo;
        if (info.tag === 'input' && (info.type === 'checkbox' || info.type === 'radio')) await el.setChecked(truthy(f.value));
        else if (info.tag === 'select')
          await el.selectOption(
            Array.isArray(f.value)
              ? f.value.map((v) => String(v))
              : typeof f.value === 'string'
                ? f.value
                : JSON.stringify(f.value ?? ''),
          );
        else if (info.tag === 'input' && info.type === 'file')
          throw new ActionInputError(`fields[${i}]`, 'is a file input: use file_upload');
        else
          await el.fill(
            f.value === undefined || f.value === null ? '' : typeof f.value === 'string' ? f.value : JSON.stringify(f.value),
          );
      }
      return { ...(await pageState(s, page)), filled: p.fields.length };
    },
  }),
  browserOp({
    name: 'select_option',
    displayName: 'Select an option',
    description: 'Choose one or more options of a select element, by value or label.',
    props: {
      ...targetProps('select element'),
      values: Property.Array({ displayName: 'Values', required: true, description: 'option values or labels' }),
    },
    outputSchema: pageOutput({ selected: { type: 'array', items: { type: 'string' } } }),
    exec: async (s, p) => {
      const page = await s.page();
      const el = await locate(page, p.target);
      const r = await s.raceDialog(el.selectOption(p.values.map(String)));
      if ('dialog' in r) return { url: page.url(), title: '', selected: [], dialog: r.dialog };
      return { ...(await pageState(s, page)), selected: r.value };
    },
  }),
  browserOp({
    name: 'hover',
    displayName: 'Hover',
    description: 'Move the mouse over an element.',
    props: targetProps('element'),
    outputSchema: pageOutput(),
    exec: async (s, p) => {
      const page = await s.page();
      return settle(s, page, (await locate(page, p.target)).hover());
    },
  }),
  browserOp({
    name: 'drag',
    displayName: 'Drag and drop',
    description: 'Drag one element onto another.',
    props: {
      startTarget: Property.ShortText({
        displayName: 'Dragged element',
        required: true,
        description: 'a ref from a snapshot (e.g. e12) or a CSS selector',
      }),
      endTarget: Property.ShortText({
        displayName: 'Drop target',
        required: true,
        description: 'a ref from a snapshot or a CSS selector',
      }),
    },
    outputSchema: pageOutput(),
    exec: async (s, p) => {
      const page = await s.page();
      const from = await locate(page, p.startTarget, 'startTarget');
      const to = await locate(page, p.endTarget, 'endTarget');
      return settle(s, page, from.dragTo(to));
    },
  }),
  browserOp({
    name: 'press_key',
    displayName: 'Press a key',
    description:
      'Press a key or chord (Enter, ArrowDown, Control+A, a) on the focused element, or on an element given by ref or selector.',
    props: {
      key: Property.ShortText({
        displayName: 'Key',
        required: true,
        description: 'a key name as in KeyboardEvent.key, or a chord like Control+A',
      }),
      ...targetProps('element', false),
    },
    outputSchema: pageOutput(),
    exec: async (s, p) => {
      const page = await s.page();
      const work = p.target ? (await locate(page, p.target)).press(p.key) : page.keyboard.press(p.key);
      return settle(s, page, work);
    },
  }),
  browserOp({
    name: 'file_upload',
    displayName: 'Upload files',
    description: 'Set the files of a file input (ref or selector); an empty list clears it.',
    props: {
      ...targetProps('file input'),
      files: Property.Array({
        displayName: 'Files',
        required: true,
        items: {
          name: Property.ShortText({ displayName: 'File name', required: true }),
          content: Property.LongText({ displayName: 'Content (base64)', required: true }),
          mimeType: Property.ShortText({ displayName: 'MIME type', defaultValue: 'application/octet-stream' }),
        },
      }),
    },
    outputSchema: pageOutput({
      files: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, bytes: { type: 'number' } } } },
    }),
    exec: async (s, p) => {
      const files = p.files.map((f, i) => {
        if (!/^[A-Za-z0-9+/\r\n]*={0,2}\s*$/.test(f.content)) throw new ActionInputError(`files[${i}].content`, 'must be base64');
        // mimeType is null when the caller sent null (see PropsValue); the cast keeps today's behaviour
        return { name: f.name, mimeType: f.mimeType as string, buffer: Buffer.from(f.content, 'base64') };
      });
      const total = files.reduce((n, f) => n + f.buffer.length, 0);
      if (total > MAX_UPLOAD_BYTES) throw new ActionInputError('files', `must total at most ${MAX_UPLOAD_BYTES} bytes`);
      const page = await s.page();
      const el = await locate(page, p.target);
      const r = await s.raceDialog(el.setInputFiles(files));
      if ('dialog' in r) return { url: page.url(), title: '', dialog: r.dialog };
      return { ...(await pageState(s, page)), files: files.map((f) => ({ name: f.name, bytes: f.buffer.length })) };
    },
  }),
  browserOp({
    name: 'handle_dialog',
    displayName: 'Answer a dialog',
    description:
      'Accept or dismiss the open alert, confirm, prompt or beforeunload dialog; the page stays blocked until it is answered.',
    whileDialog: true,
    props: {
      accept: Property.Checkbox({
        displayName: 'Accept',
        description: 'OK (true, default) or Cancel (false)',
        defaultValue: true,
      }),
      promptText: Property.ShortText({ displayName: 'Prompt text', description: 'the answer to a prompt dialog' }),
    },
    outputSchema: pageOutput({
      handled: {
        type: 'object',
        properties: { type: { type: 'string' }, message: { type: 'string' }, accepted: { type: 'boolean' } },
      },
    }),
    exec: async (s, p) => {
      const d = s.dialog;
      if (!d) throw new ActionError('No dialog is open.');
      s.clearDialog();
      // promptText is null when the caller sent null (see PropsValue); the cast keeps today's behaviour
      if (p.accept) await d.dialog.accept(p.promptText as string | undefined);
      else await d.dialog.dismiss();
      await d.page.waitForLoadState('domcontentloaded').catch(() => undefined);
      const next = s.dialog; // the page may open another one straight away
      return {
        ...(next
          ? { url: d.page.url(), title: '', dialog: { type: next.type, message: next.message } }
          : await pageState(s, d.page)),
        handled: { type: d.type, message: d.message, accepted: p.accept },
      };
    },
  }),
];
