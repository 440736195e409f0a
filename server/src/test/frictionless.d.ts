/**
 * The parts of the `datapackage` package (Frictionless Data's JavaScript library, a dev
 * dependency) that the Data Package export's test uses: it ships the spec's JSON Schema profiles
 * and validates descriptors against them. The package has no types of its own.
 */
declare module 'datapackage' {
  export interface ValidationResult {
    valid: boolean;
    errors: Error[];
  }
  export class Profile {
    /** A profile of the spec's registry by name (`data-package`, `tabular-data-package`, …). */
    static load(profile: string): Promise<Profile>;
    validate(descriptor: object): ValidationResult;
  }
  export class Package {
    /** A descriptor, a path to datapackage.json or to a ZIP holding one. */
    static load(descriptor: string | object, options?: { basePath?: string; strict?: boolean }): Promise<Package>;
    readonly valid: boolean;
    readonly errors: Error[];
    readonly descriptor: Record<string, unknown>;
    readonly resources: { name: string; valid: boolean; errors: Error[] }[];
  }
}
