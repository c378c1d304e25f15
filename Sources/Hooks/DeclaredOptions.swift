public import Auth
import Contact
public import Media
public import News
public import Push
public import Storage

extension ConfigOption {
    /// Every option the server declares, module by module: what `/etc` edits are checked against,
    /// what `endpoint options` prints, what the migrations must seed.
    public static let declared: [ConfigOption] =
        declaredByStorage + declaredByAuth + declaredByAccounts + declaredByPush + declaredByNews + declaredByMedia + declaredByContact
}
