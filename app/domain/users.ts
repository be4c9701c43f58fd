/** What every page knows about the signed-in member. */
export type CurrentUser = {
  id: number;
  username: string;
  email: string;
  avatarUrl: string;
  isAdmin: boolean;
  isModerator: boolean;
};
