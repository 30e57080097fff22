/**
 * The report's date range: a preset or two dates. A preset fills in its dates; a date typed makes
 * the range "chosen dates". The report holds the newest runs only, and says so when the range
 * reaches past them.
 */
import type { Run } from './api.js';
import { h } from './dom.js';
import { beyondLoaded, PRESETS, presetRange, type DateRange, type Preset } from './run-range.js';

export type RangeChoice = { preset: Preset | 'custom'; range: DateRange };

/** `loadedLimit`: how many runs the report reads, for the note when the range reaches past them. */
export function rangeFields(loaded: Run[], loadedLimit: number, current: RangeChoice, changed: (to: RangeChoice) => void): HTMLElement {
  let { preset, range } = current;
  const note = h('p', { class: 'hint', 'aria-live': 'polite' });
  const update = () => {
    note.textContent = beyondLoaded(loaded, range, loadedLimit) ?? '';
    changed({ preset, range });
  };
  const date = (id: string, end: keyof DateRange) => {
    const input = h('input', { type: 'date', id, value: range[end] ?? '' });
    input.addEventListener('change', () => {
      preset = 'custom';
      select.value = preset;
      range = { ...range, [end]: input.value || null };
      update();
    });
    return input;
  };
  const select = h(
    'select',
    { id: 'range-preset' },
    ...PRESETS.map((p) => h('option', { value: p.id, selected: p.id === preset }, p.label)),
    h('option', { value: 'custom', selected: preset === 'custom' }, 'Chosen dates'),
  );
  const from = date('range-from', 'from');
  const to = date('range-to', 'to');
  select.addEventListener('change', () => {
    preset = select.value as Preset | 'custom';
    if (preset !== 'custom') {
      range = presetRange(preset, new Date());
      from.value = range.from ?? '';
      to.value = range.to ?? '';
    }
    update();
  });
  note.textContent = beyondLoaded(loaded, range, loadedLimit) ?? '';
  const field = (id: string, label: string, input: HTMLElement) => h('span', { class: 'range-date' }, h('label', { for: id }, label), input);
  return h(
    'fieldset',
    { class: 'field range' },
    h('legend', {}, 'Date range'),
    h('div', { class: 'range-fields' }, field('range-preset', 'Show', select), field('range-from', 'From', from), field('range-to', 'To', to)),
    note,
  );
}

