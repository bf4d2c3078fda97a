// Stripe's v1 API takes `application/x-www-form-urlencoded` bodies (and GET/DELETE query strings) whose keys
// nest with brackets: `metadata[policy_id]=p1`, `items[0][price_data][recurring][interval]=year`,
// `expand[0]=latest_invoice`. Fakes turn them back into the objects and arrays the client started from.
// Values stay strings ("true", "2500"), as the provider receives them.

export type FormValue = string | FormValue[] | FormObject;
export type FormObject = { [key: string]: FormValue };

// Objects have no prototype, so a key such as `__proto__` or `constructor` is just another own key and
// cannot reach Object.prototype.
function emptyObject(): FormObject {
  return Object.create(null) as FormObject;
}

function isIndex(key: string): boolean {
  return key === "" || /^\d+$/.test(key);
}

/** `a[b][0]` -> ["a", "b", "0"]; a name without brackets is one key. */
function splitName(name: string): string[] {
  const open = name.indexOf("[");
  if (open <= 0) return [name];
  const keys = [name.slice(0, open)];
  for (const match of name.slice(open).matchAll(/\[([^\]]*)\]/g)) keys.push(match[1]);
  return keys;
}

export function parseFormBody(text: string): FormObject {
  const root = emptyObject();
  for (const [name, value] of new URLSearchParams(text)) {
    const keys = splitName(name);
    let container: FormObject | FormValue[] = root;
    keys.forEach((key, depth) => {
      const isLast = depth === keys.length - 1;
      const child: FormValue = isLast ? value : isIndex(keys[depth + 1]) ? [] : emptyObject();
      if (Array.isArray(container)) {
        // `[]` appends and an index past the end appends too, so a hostile `a[99999999]` stays one element.
        const index = key === "" ? container.length : Math.min(Number(key), container.length);
        container = setChild(container, index, child, isLast);
      } else {
        container = setChild(container, key, child, isLast);
      }
    });
  }
  return root;
}

/**
 * Puts `child` at `key` unless a container of the same kind is already there (`a[b]=1&a[c]=2` share `a`),
 * and returns what is now at `key` so the next key descends into it.
 */
function setChild<Key extends string | number>(
  container: Record<Key, FormValue>,
  key: Key,
  child: FormValue,
  isLast: boolean,
): FormObject | FormValue[] {
  const existing = container[key];
  const canDescend =
    !isLast &&
    existing !== undefined &&
    typeof existing !== "string" &&
    Array.isArray(existing) === Array.isArray(child);
  if (!canDescend) container[key] = child;
  return container[key] as FormObject | FormValue[];
}
