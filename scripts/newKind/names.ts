/** The names one kind goes by in the files the scaffold writes. */
export interface KindNames {
  /** `WidgetGroup`: the type name, the class and the last part of each type token. */
  readonly kind: string;
  /** `widgetGroup`: the kind's folder under provider/resources and the prefix of its identifiers. */
  readonly folder: string;
  /** `widgetGroups`: the emulator's state field, model and route files. */
  readonly plural: string;
  /** `widget-groups`: the collection's path segment in the API. */
  readonly segment: string;
  /** `widget group`: the subject of messages and docs. */
  readonly noun: string;
}

/** The names of `kind`, which must be a PascalCase identifier (`Widget`, `WidgetGroup`). */
export function kindNames(kind: string): KindNames {
  if (!/^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)*$/.test(kind)) {
    throw new Error(
      `the kind must be a PascalCase name such as Widget or WidgetGroup; got ${JSON.stringify(kind)}`,
    );
  }
  const words = kind.split(/(?=[A-Z])/).map((word) => word.toLowerCase());
  const folder = kind.charAt(0).toLowerCase() + kind.slice(1);
  return {
    kind,
    folder,
    plural: `${folder}s`,
    segment: `${words.join("-")}s`,
    noun: words.join(" "),
  };
}
