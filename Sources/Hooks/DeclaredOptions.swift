import Accounts
import Auth
import Media
import News
import Push
public import SiteStore

extension ConfigOption {
    /// Every option the server declares, module by module: what `/etc` edits are checked against,
    /// what `endpoint options` prints, what the migrations must seed.
    public static let declared: [ConfigOption] =
        declaredBySiteStore + declaredByAuth + declaredByAccounts + declaredByPush + declaredByNews + declaredByMedia + declaredByHooks
}
