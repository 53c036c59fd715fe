import {
  BooleanType,
  DateTimeType,
  UnderscoreNamingStrategy,
  type EntitySchema,
} from '@mikro-orm/core';

/** How an API field of an entity is stored. */
export interface FieldColumn<F extends string = string> {
  /** The API field: the property's name, or `<relation>Id` for a many-to-one. */
  field: F;
  property: string;
  /** The column, named as the ORM names it (underscores). */
  column: string;
  timestamp: boolean;
  relation: boolean;
  boolean: boolean;
}

const naming = new UnderscoreNamingStrategy();

/**
 * The columns behind `fields` of `entity`, read from its definition (the one place its columns
 * are written) with the ORM's own naming. Throws for a field the entity does not have, so an API
 * shape that drifts from the table fails at start-up and in the tests, not in a query.
 */
export function fieldColumns<F extends string>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any entity's definition
  entity: EntitySchema<any, any>,
  fields: readonly F[],
): FieldColumn<F>[] {
  const properties = entity.meta.properties as Record<
    string,
    { kind?: string; type?: unknown; fieldName?: string }
  >;
  return fields.map((field) => {
    const relation = field.endsWith('Id') && properties[field.slice(0, -2)]?.kind === 'm:1';
    const property = relation ? field.slice(0, -2) : field;
    const meta = properties[property];
    if (!meta) throw new Error(`${entity.meta.className} has no property for the field "${field}"`);
    const column =
      meta.fieldName ??
      (relation ? naming.joinKeyColumnName(property, 'id') : naming.propertyToColumnName(property));
    return {
      field,
      property,
      column,
      timestamp: meta.type === DateTimeType,
      relation,
      boolean: meta.type === BooleanType,
    };
  });
}
