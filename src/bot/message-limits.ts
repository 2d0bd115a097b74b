/**
 * Discord's limits on a message body (channel message, interaction reply or edit), checked before sending:
 * a body over a limit fails with a 400 and the player sees "the application did not respond".
 */
import type { LimitViolation } from './limits.ts';

export interface EmbedJson {
  title?: string;
  description?: string;
  fields?: readonly { name: string; value: string }[];
  footer?: { text: string };
  author?: { name: string };
}

export interface ComponentJson {
  type: number;
  custom_id?: string;
  url?: string;
  label?: string;
  placeholder?: string;
  min_values?: number;
  max_values?: number;
  options?: readonly { label: string; value: string; description?: string }[];
  components?: readonly ComponentJson[];
}

export interface MessageJson {
  content?: string;
  embeds?: readonly EmbedJson[];
  components?: readonly ComponentJson[];
  files?: readonly unknown[];
}

export const MESSAGE_LIMITS = {
  content: 2000,
  embeds: 10,
  embedTotal: 6000,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  authorName: 256,
  actionRows: 5,
  buttonsPerRow: 5,
  buttonLabel: 80,
  customId: 100,
  selectOptions: 25,
  selectOptionText: 100,
  placeholder: 150,
  files: 10,
} as const;

const ACTION_ROW = 1;
const BUTTON = 2;
const STRING_SELECT = 3;
/** User, role, mentionable and channel selects: one per row, like the string select. */
const OTHER_SELECTS = new Set([5, 6, 7, 8]);

const length = (text: string | undefined): number => [...(text ?? '')].length;

export function checkMessage(message: MessageJson): LimitViolation[] {
  const violations: LimitViolation[] = [];
  const over = (path: string, actual: number, max: number, what = 'characters') => {
    if (actual > max) violations.push({ path, problem: `${actual} ${what}; Discord allows ${max}` });
  };
  over('content', length(message.content), MESSAGE_LIMITS.content);
  over('files', message.files?.length ?? 0, MESSAGE_LIMITS.files, 'files');
  checkEmbeds(message.embeds ?? [], over);
  checkComponents(message.components ?? [], violations, over);
  return violations;
}

type Over = (path: string, actual: number, max: number, what?: string) => void;

function checkEmbeds(embeds: readonly EmbedJson[], over: Over): void {
  over('embeds', embeds.length, MESSAGE_LIMITS.embeds, 'embeds');
  let total = 0;
  for (const [i, embed] of embeds.entries()) {
    const at = `embeds[${i}]`;
    over(`${at}.title`, length(embed.title), MESSAGE_LIMITS.embedTitle);
    over(`${at}.description`, length(embed.description), MESSAGE_LIMITS.embedDescription);
    over(`${at}.footer.text`, length(embed.footer?.text), MESSAGE_LIMITS.footer);
    over(`${at}.author.name`, length(embed.author?.name), MESSAGE_LIMITS.authorName);
    const fields = embed.fields ?? [];
    over(`${at}.fields`, fields.length, MESSAGE_LIMITS.embedFields, 'fields');
    for (const [j, field] of fields.entries()) {
      over(`${at}.fields[${j}].name`, length(field.name), MESSAGE_LIMITS.fieldName);
      over(`${at}.fields[${j}].value`, length(field.value), MESSAGE_LIMITS.fieldValue);
    }
    total +=
      length(embed.title) +
      length(embed.description) +
      length(embed.footer?.text) +
      length(embed.author?.name) +
      fields.reduce((sum, f) => sum + length(f.name) + length(f.value), 0);
  }
  over('embeds (all together)', total, MESSAGE_LIMITS.embedTotal);
}

function checkComponents(rows: readonly ComponentJson[], violations: LimitViolation[], over: Over): void {
  over('components', rows.length, MESSAGE_LIMITS.actionRows, 'action rows');
  const customIds: string[] = [];
  for (const [i, row] of rows.entries()) {
    const at = `components[${i}]`;
    if (row.type !== ACTION_ROW) {
      violations.push({ path: at, problem: 'top-level components must be action rows' });
      continue;
    }
    const children = row.components ?? [];
    const selects = children.filter((c) => c.type === STRING_SELECT || OTHER_SELECTS.has(c.type));
    if (children.length === 0) violations.push({ path: at, problem: 'an action row needs at least one component' });
    if (selects.length > 0 && children.length > 1)
      violations.push({ path: at, problem: 'a select menu must be alone in its row' });
    over(at, children.filter((c) => c.type === BUTTON).length, MESSAGE_LIMITS.buttonsPerRow, 'buttons');
    for (const [j, component] of children.entries()) {
      const where = `${at}.components[${j}]`;
      if (component.custom_id !== undefined) {
        customIds.push(component.custom_id);
        over(`${where}.custom_id`, length(component.custom_id), MESSAGE_LIMITS.customId);
      }
      if (component.type === BUTTON) checkButton(component, where, violations, over);
      else checkSelect(component, where, violations, over);
    }
  }
  for (const id of new Set(customIds.filter((id, i) => customIds.indexOf(id) !== i))) {
    violations.push({ path: 'components', problem: `custom id "${id}" is used twice in one message` });
  }
}

function checkButton(button: ComponentJson, path: string, violations: LimitViolation[], over: Over): void {
  over(`${path}.label`, length(button.label), MESSAGE_LIMITS.buttonLabel);
  if ((button.url === undefined) === (button.custom_id === undefined)) {
    violations.push({ path, problem: 'a button needs exactly one of custom_id and url' });
  }
}

function checkSelect(select: ComponentJson, path: string, violations: LimitViolation[], over: Over): void {
  over(`${path}.placeholder`, length(select.placeholder), MESSAGE_LIMITS.placeholder);
  const min = select.min_values ?? 1;
  const max = select.max_values ?? 1;
  if (min < 0 || max < 1 || min > max || max > MESSAGE_LIMITS.selectOptions) {
    violations.push({
      path,
      problem: `min_values ${min} / max_values ${max} must satisfy 0 ≤ min ≤ max ≤ 25, max ≥ 1`,
    });
  }
  if (select.type !== STRING_SELECT) return;
  const options = select.options ?? [];
  if (options.length === 0) violations.push({ path, problem: 'a select menu needs at least one option' });
  over(`${path}.options`, options.length, MESSAGE_LIMITS.selectOptions, 'options');
  if (max > options.length && options.length > 0) {
    violations.push({ path, problem: `max_values ${max} exceeds its ${options.length} options` });
  }
  for (const [k, option] of options.entries()) {
    over(`${path}.options[${k}].label`, length(option.label), MESSAGE_LIMITS.selectOptionText);
    over(`${path}.options[${k}].value`, length(option.value), MESSAGE_LIMITS.selectOptionText);
    over(`${path}.options[${k}].description`, length(option.description), MESSAGE_LIMITS.selectOptionText);
  }
  const values = options.map((o) => o.value);
  for (const value of new Set(values.filter((v, i) => values.indexOf(v) !== i))) {
    violations.push({ path, problem: `option value "${value}" is used twice` });
  }
}
