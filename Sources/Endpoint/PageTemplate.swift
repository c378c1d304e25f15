import Mustache

/// The one HTML template of the account pages, and their style sheet.
///
/// Everything is served by this server (no third-party assets) under a strict
/// `Content-Security-Policy`; values are HTML-escaped by Mustache; the layout is a single column that
/// fits a phone screen.
enum PageTemplate {
    /// A page: site name, title, an optional error or notice, and an optional form.
    static let page: MustacheTemplate = {
        // A constant of this file: failing to parse it is a programming error caught by every page test.
        try! MustacheTemplate(string: """
            <!DOCTYPE html>
            <html lang="{{language}}">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>{{title}} · {{site}}</title>
            <link rel="stylesheet" href="/account/style.css">
            </head>
            <body>
            <main>
            <p class="site">{{site}}</p>
            <h1>{{title}}</h1>
            {{#error}}<p class="error" role="alert" id="error">{{.}}</p>{{/error}}
            {{#notice}}<p class="notice" id="notice">{{.}}</p>{{/notice}}
            {{#form}}
            <form method="post" action="{{action}}">
            <input type="hidden" name="member" value="{{member}}">
            <input type="hidden" name="code" value="{{code}}">
            <input type="hidden" name="form_token" value="{{token}}">
            {{#passwords}}
            <label for="password">{{newPassword}}</label>
            <input id="password" name="password" type="password" autocomplete="new-password" required minlength="{{minimum}}" maxlength="255">
            <label for="password_confirm">{{repeatPassword}}</label>
            <input id="password_confirm" name="password_confirm" type="password" autocomplete="new-password" required minlength="{{minimum}}" maxlength="255">
            {{/passwords}}
            <button type="submit" id="submit">{{button}}</button>
            </form>
            {{/form}}
            </main>
            </body>
            </html>
            """)
    }()

    static let styleSheet = """
        body { margin: 0; font-family: -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; color: #222; background: #f6f6f6; }
        main { max-width: 28em; margin: 0 auto; padding: 1.5em 1em; background: #fff; min-height: 100vh; box-sizing: border-box; }
        .site { color: #666; margin: 0; }
        h1 { font-size: 1.4em; margin: 0.3em 0 1em; }
        label { display: block; margin-top: 1em; font-weight: 600; }
        input[type=password] { display: block; width: 100%; box-sizing: border-box; font-size: 1.1em; padding: 0.6em; margin-top: 0.3em; border: 1px solid #aaa; border-radius: 4px; }
        button { margin-top: 1.5em; width: 100%; font-size: 1.1em; padding: 0.8em; border: 0; border-radius: 4px; background: #1a5fb4; color: #fff; }
        .error { background: #fdecea; color: #8a1c12; padding: 0.8em; border-radius: 4px; }
        .notice { background: #e8f4ea; color: #1d5e2a; padding: 0.8em; border-radius: 4px; }
        """
}
