import { Languages, Mail, Pencil, Phone, Trash2 } from "lucide-react";

/**
 * The icons a staff list repeats on every row, drawn once per page (decision 130): the staff shell renders
 * `<StaffIconSprite />`, and a row's icon is a `<use>` of it (about 120 bytes instead of 400–700 of paths).
 *   <StaffIcon name="mail" className="h-4 w-4 shrink-0" />
 * Decorative only (aria-hidden): a row's link or button carries the name. An icon that is not repeated per
 * row stays a lucide component where it is used.
 */
const ICONS = { languages: Languages, mail: Mail, pencil: Pencil, phone: Phone, trash: Trash2 } as const;

export type StaffIconName = keyof typeof ICONS;

const iconId = (name: StaffIconName) => `staff-icon-${name}`;

/** The sprite: each icon once, out of sight and out of the accessibility tree. */
export function StaffIconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute h-0 w-0 overflow-hidden">
      <defs>
        {Object.entries(ICONS).map(([name, Icon]) => (
          <Icon key={name} id={iconId(name as StaffIconName)} />
        ))}
      </defs>
    </svg>
  );
}

/** One of the sprite's icons, sized by `className` as a lucide icon is. */
export function StaffIcon({ name, className }: { name: StaffIconName; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className}>
      <use href={`#${iconId(name)}`} />
    </svg>
  );
}
