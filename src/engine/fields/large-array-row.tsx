import { memo, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import TextField from '@mui/material/TextField';
import IconButton from '@mui/material/IconButton';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import type { Column } from './columns';
import { cleanMoneyText, moneyToDisplay, moneyToText, textToMoney } from './money-text';

export type RowData = Record<string, unknown>;
export type RowErrors = Record<string, string | undefined>;

/** A test hook: called on every row render, so a test can prove a keystroke re-renders one row only. */
export const rowRenderProbe: { onRender: ((index: number) => void) | null } = { onRender: null };

export interface RowActions {
  /** Focus left the row: hand RJSF the edited row (null when nothing changed), then check it. */
  commitRow: (index: number, edited: RowData | null) => void;
  focusRow: (index: number) => void;
  remove: (index: number) => void;
  /** Arrow up/down: the same column in the row before or after. */
  move: (index: number, key: string, delta: number) => void;
}

export interface LargeArrayRowProps {
  index: number;
  row: RowData;
  columns: Column[];
  errors: RowErrors | undefined;
  idPrefix: string;
  rowHeight: number;
  rowLabel: string;
  removeLabel: string;
  canRemove: boolean;
  disabled: boolean;
  readonly: boolean;
  actions: RowActions;
  /** Translates a column title, placeholder or error key (identity for plain strings). */
  translate: (key: string) => string;
  /** Number grouping of money cells when not being edited. */
  lang: string;
}

export const cellId = (idPrefix: string, index: number, key: string) => `${idPrefix}_${index}_${key}`;

function Cell({
  column,
  index,
  value,
  error,
  idPrefix,
  disabled,
  readonly,
  onCell,
  translate,
  lang,
}: {
  column: Column;
  index: number;
  value: unknown;
  error: string | undefined;
  idPrefix: string;
  disabled: boolean;
  readonly: boolean;
  onCell: (key: string, value: unknown) => void;
  translate: (key: string) => string;
  lang: string;
}) {
  // A money entry keeps what was typed while focused ("12." is not a number yet).
  const [draft, setDraft] = useState<string | null>(null);
  // Grouped digits (5.000.000) to read; plain digits while editing.
  const [editing, setEditing] = useState(false);
  const id = cellId(idPrefix, index, column.key);
  const text =
    column.kind === 'money'
      ? (draft ??
        (editing ? moneyToText(value, column.currency) : moneyToDisplay(value, column.currency, lang)))
      : value === undefined || value === null
        ? ''
        : String(value);
  const onChange = (raw: string) => {
    if (column.kind === 'money') {
      const clean = cleanMoneyText(raw, column.currency);
      setDraft(clean);
      onCell(column.key, textToMoney(clean, column.currency));
    } else if (column.kind === 'digits') {
      const clean = raw.replace(/\D/g, '');
      onCell(column.key, clean === '' ? undefined : clean);
    } else if (column.kind === 'integer') {
      const clean = raw.replace(/\D/g, '');
      onCell(column.key, clean === '' ? undefined : Number(clean));
    } else {
      onCell(column.key, raw === '' ? undefined : raw);
    }
  };
  const numeric = column.kind !== 'text';
  return (
    <div role="cell" className="lar-cell" style={{ flexGrow: column.width }}>
      <TextField
        id={id}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        onFocus={column.kind === 'money' ? () => setEditing(true) : undefined}
        onBlur={() => {
          setDraft(null);
          setEditing(false);
        }}
        size="small"
        fullWidth
        hiddenLabel
        disabled={disabled}
        error={Boolean(error)}
        helperText={error}
        placeholder={column.placeholder ? translate(column.placeholder) : undefined}
        slotProps={{
          htmlInput: {
            'aria-labelledby': `${idPrefix}__col_${column.key} ${idPrefix}_${index}__label`,
            'aria-required': column.required || undefined,
            'aria-invalid': Boolean(error) || undefined,
            'aria-describedby': error ? `${id}-helper-text` : undefined,
            readOnly: readonly,
            maxLength: column.maxLength,
            inputMode: numeric
              ? column.kind === 'money' && column.currency !== 'IDR'
                ? 'decimal'
                : 'numeric'
              : undefined,
            autoComplete: 'off',
            // Amounts line up on the right; account numbers are identifiers and read from the left.
            style: column.kind === 'money' || column.kind === 'integer' ? { textAlign: 'right' } : undefined,
          },
          formHelperText: { className: 'lar-helper', title: error },
        }}
      />
    </div>
  );
}

function LargeArrayRowView(props: LargeArrayRowProps) {
  const { index, row, columns, errors, idPrefix, rowHeight, actions } = props;
  rowRenderProbe.onRender?.(index);
  // Typing edits this row only; RJSF gets the row when focus leaves it (one form update per row,
  // not per keystroke: RJSF clones and re-defaults the whole form data on every change).
  const [draft, setDraft] = useState<RowData | null>(null);
  const shown = draft ?? row;
  const onCell = (key: string, value: unknown) =>
    setDraft((d) => {
      const next = { ...(d ?? row) };
      if (value === undefined) delete next[key];
      else next[key] = value;
      return next;
    });
  const commit = () => {
    actions.commitRow(index, draft);
    setDraft(null);
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    // Only when focus leaves the row, not when moving between its own cells.
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) commit();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Enter submits the form: RJSF must hold this row before its submit handler reads the data.
    if (e.key === 'Enter' && draft) flushSync(commit);
    if ((e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement;
    const key = columns.find((c) => target.id === cellId(idPrefix, index, c.key))?.key;
    if (!key) return;
    e.preventDefault();
    actions.move(index, key, e.key === 'ArrowDown' ? 1 : -1);
  };
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className="lar-row"
      style={{ transform: `translateY(${index * rowHeight}px)`, height: rowHeight }}
      onFocus={() => actions.focusRow(index)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <div
        role="rowheader"
        className="lar-num"
        id={`${idPrefix}_${index}__label`}
        aria-label={props.rowLabel}
      >
        {index + 1}
      </div>
      {columns.map((c) => (
        <Cell
          key={c.key}
          column={c}
          index={index}
          value={shown[c.key]}
          // A cell being corrected hides its old message until the row is checked again.
          error={draft && draft[c.key] !== row[c.key] ? undefined : errors?.[c.key]}
          idPrefix={idPrefix}
          disabled={props.disabled}
          readonly={props.readonly}
          onCell={onCell}
          translate={props.translate}
          lang={props.lang}
        />
      ))}
      <div role="cell" className="lar-action">
        <IconButton
          aria-label={props.removeLabel}
          onClick={() => actions.remove(index)}
          disabled={!props.canRemove || props.disabled || props.readonly}
          size="small"
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
      </div>
    </div>
  );
}

/** Equal when this row's values and messages are: RJSF clones the whole form data on every change. */
function sameRow(a: LargeArrayRowProps, b: LargeArrayRowProps): boolean {
  if (
    a.index !== b.index ||
    a.columns !== b.columns ||
    a.idPrefix !== b.idPrefix ||
    a.rowHeight !== b.rowHeight ||
    a.rowLabel !== b.rowLabel ||
    a.removeLabel !== b.removeLabel ||
    a.canRemove !== b.canRemove ||
    a.disabled !== b.disabled ||
    a.readonly !== b.readonly ||
    a.actions !== b.actions ||
    a.translate !== b.translate ||
    a.lang !== b.lang
  )
    return false;
  for (const c of a.columns) {
    if (a.row[c.key] !== b.row[c.key]) return false;
    if (a.errors?.[c.key] !== b.errors?.[c.key]) return false;
  }
  return true;
}

export const LargeArrayRow = memo(LargeArrayRowView, sameRow);
