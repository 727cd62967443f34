/** What other modules may use of the directory: invitations for roster people (issue 29). */
export { inviteRosterPeopleTx, revokeRosterInvitationsTx } from "./invitations.ts";
