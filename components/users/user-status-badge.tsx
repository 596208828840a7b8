import { type UserStatus, userStatusLabels } from "@/lib/store/users/model";
import { Badge, type BadgeTone } from "../ui/badge";

const tones: Record<UserStatus, BadgeTone> = { invited: "info", active: "success", deactivated: "neutral" };

/** Invited, Active or Deactivated: the word says it, the colour repeats it. */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge tone={tones[status]} dot>
      {userStatusLabels[status]}
    </Badge>
  );
}
