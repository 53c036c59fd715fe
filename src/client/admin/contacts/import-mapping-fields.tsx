import {
  mappedColumns,
  MAPPED_FIELDS,
  STATUS_TABLE,
  type TImportMapping,
  type TMappedField,
} from '../../../shared/import-mapping';
import { REQUIRED_CSV_COLUMNS } from '../../../shared/contact-csv.schema';
import { OptionSelect } from '../components/option-select';
import { capitalize } from '../lib/format';

/** The choice of no column (a select's values are never empty; no header is a lone NUL). */
const NOT_IMPORTED = '\u0000';

const FIELD_LABELS: Partial<Record<TMappedField, string>> = {
  owner: 'Owner (a user’s email or name)',
};
const labelOf = (field: TMappedField) => FIELD_LABELS[field] ?? capitalize(field);

/** Whether a mapping maps every field a contact needs. */
export const mapsRequired = (mapping: TImportMapping) =>
  REQUIRED_CSV_COLUMNS.every((field) => mapping[field] !== undefined);

function ColumnSelect({
  id,
  label,
  value,
  columns,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  value: string | undefined;
  columns: readonly string[];
  onChange: (column: string | undefined) => void;
  disabled: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <OptionSelect
        id={id}
        value={value ?? NOT_IMPORTED}
        disabled={disabled}
        onChange={(picked) => onChange(picked === NOT_IMPORTED ? undefined : picked)}
        options={[
          { value: NOT_IMPORTED, label: 'Not imported' },
          ...columns.map((column) => ({ value: column, label: column })),
        ]}
      />
    </div>
  );
}

/**
 * Which column of the file each field is read from, as proposed from its header and adjusted here:
 * the name from one column or two ("First Name" + "Last Name"), statuses through the shown table.
 */
export function ImportMappingFields({
  columns,
  mapping,
  onChange,
  disabled,
}: {
  columns: readonly string[];
  mapping: TImportMapping;
  onChange: (mapping: TImportMapping) => void;
  disabled: boolean;
}) {
  const set = (field: TMappedField, value: string | string[] | undefined) => {
    const next = { ...mapping };
    if (value === undefined || (Array.isArray(value) && !value.length)) delete next[field];
    else next[field] = Array.isArray(value) && value.length === 1 ? value[0] : value;
    onChange(next);
  };
  const [firstName, lastName] = mappedColumns(mapping, 'name');
  return (
    <fieldset className="space-y-3" data-testid="import-mapping">
      <legend className="mb-1 text-sm font-semibold text-slate-900">Columns</legend>
      <p className="text-sm text-slate-600">
        Proposed from the file’s header; change any. Name and Email are required.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <ColumnSelect
          id="map-name"
          label="Name"
          value={firstName}
          columns={columns}
          disabled={disabled}
          onChange={(c) =>
            set(
              'name',
              [c, lastName].filter((v) => v !== undefined),
            )
          }
        />
        <ColumnSelect
          id="map-name-2"
          label="Name, continued (e.g. last name)"
          value={lastName}
          columns={columns}
          disabled={disabled || firstName === undefined}
          onChange={(c) =>
            set(
              'name',
              [firstName, c].filter((v) => v !== undefined),
            )
          }
        />
        {MAPPED_FIELDS.filter((field) => field !== 'name').map((field) => (
          <ColumnSelect
            key={field}
            id={`map-${field}`}
            label={labelOf(field)}
            value={mappedColumns(mapping, field)[0]}
            columns={columns}
            disabled={disabled}
            onChange={(c) => set(field, c)}
          />
        ))}
      </div>
      {mapping.owner !== undefined && (
        <p className="text-sm text-slate-600">
          Owners are matched to active users by email or name; others stay unassigned.
        </p>
      )}
      {mapping.status !== undefined && (
        <details className="rounded-lg border border-slate-200 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">
            How statuses are read
          </summary>
          <table className="mt-2 w-full text-left">
            <thead>
              <tr className="text-xs uppercase tracking-wide text-slate-500">
                <th className="py-1 pr-3 font-medium">In the file</th>
                <th className="py-1 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {STATUS_TABLE.map(({ status, values }) => (
                <tr key={status} className="border-t border-slate-100 align-top">
                  <td className="py-1 pr-3 text-slate-700">{values.join(', ')}</td>
                  <td className="py-1 font-medium text-slate-900">{capitalize(status)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-slate-600">
            Any other value makes its row invalid (listed in the error report).
          </p>
        </details>
      )}
    </fieldset>
  );
}
