import Auth
import EndpointCore
import Messages
import Routes
import Storage

/// `/admin/second-factor`: the signed-in member's two-factor sign-in (Auth's ``SecondFactor``). Off:
/// a button making a key. Pending: the key to type or a link to open in an authenticator app, and the
/// code it shows to turn it on — then the recovery codes, shown this once. On: turned off with the
/// member's password again.
struct ConsoleSecondFactor: Sendable {
    let factor: SecondFactor
    let login: Login
    let clock: SiteClock

    func answer(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        let label = "\(view.siteName):\(staff.username)"
        guard request.method == .post else {
            let notice = request.query.first("required") == "1" ? view.messages.text(.consoleSecondFactorRequired) : nil
            return try await self.page(view, staff, notice: notice)
        }
        let state = try await self.factor.state(of: staff.memberID, label: label, issuer: view.siteName)
        do {
            switch (request.form["action"], state) {
            case ("begin", .off), ("begin", .pending):
                _ = try await self.factor.begin(memberID: staff.memberID, label: label, issuer: view.siteName)
                return .redirect(to: ConsoleRoute.secondFactor.path)
            case ("confirm", .pending):
                let codes = try await self.factor.confirm(memberID: staff.memberID, code: request.form["code"] ?? "", now: self.clock.now)
                return try await self.page(view, staff, notice: view.messages.text(.success), recoveryCodes: codes)
            case ("off", .on):
                try await self.login.confirmPassword(memberID: staff.memberID, password: request.form["your_password"] ?? "", from: request.client)
                try await self.factor.turnOff(memberID: staff.memberID)
                return .redirect(to: ConsoleRoute.secondFactor.path)
            default:
                throw Refusal.malformed(.improperlyFilledIn)
            }
        } catch {
            guard let refusal = ConsoleRefusal(error) else { throw error }
            return try await self.page(view, staff, error: refusal.sentence(view.messages), status: refusal.status)
        }
    }

    private func page(
        _ view: ConsoleView, _ staff: ConsoleStaff, notice: String? = nil, error: String? = nil, recoveryCodes: [String] = [], status: Int = 200
    ) async throws -> ConsoleAnswer {
        var context: [String: Any] = ["recoveryCodes": recoveryCodes]
        switch try await self.factor.state(of: staff.memberID, label: "\(view.siteName):\(staff.username)", issuer: view.siteName) {
        case .off: context["off"] = true
        case .pending(let key, let url): context["pending"] = ["key": key, "url": url]
        case .on(let left): context["on"] = view.messages.text(.consoleSecondFactorOn, view.messages.number(left))
        }
        return view.page(
            .secondFactor, title: view.messages.text(.consoleSecondFactor), section: .secondFactor, context: context, notice: notice, error: error,
            status: status)
    }
}
