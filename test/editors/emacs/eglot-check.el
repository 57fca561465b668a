;;; eglot-check.el --- Emacs 28 + eglot as a real LSP client of mcp-tool-lint  -*- lexical-binding: t -*-
;; Run on one file:
;;   MTL_SERVER_JS=dist/server.js MTL_PLAN=plan.json MTL_OUT=result.json emacs -Q --batch -l eglot-check.el FILE
;; Connects eglot to `node dist/server.js --stdio', waits for flymake to hold the server's
;; diagnostics, then (as the plan says) asks for hovers (a flag, a tool's name, a name that is no
;; tool's) and a completion, takes the preferred
;; quick-fix for one diagnostic code and applies its edit with eglot's own workspace-edit code,
;; waits for the republished diagnostics, and writes what it saw as JSON.  The node test
;; (emacs.test.ts) compares it; this script asserts nothing.

;; -Q skips Debian's site-start: put the elpa packages (eglot 1.9 and the newer project/xref it needs) on the path.
(dolist (dir (file-expand-wildcards "/usr/share/emacs/site-lisp/elpa/*"))
  (push dir load-path))
(require 'eglot)
(require 'json)

(defvar mtl-wait-seconds (string-to-number (or (getenv "MTL_WAIT_SECONDS") "15")))
(defvar mtl-result (list :steps []))

(define-derived-mode typescript-mode js-mode "TypeScript"
  "Emacs 28 has no TypeScript mode; eglot derives the LSP language id `typescript' from this name.")
(add-to-list 'auto-mode-alist '("\\.ts\\'" . typescript-mode))
(add-to-list 'eglot-server-programs
             `((python-mode typescript-mode) . ("node" ,(getenv "MTL_SERVER_JS") "--stdio")))
(setq-default eglot-workspace-configuration '((:mcpToolLint . (:enable t :profile "recommended"))))
(setq eglot-sync-connect t eglot-autoshutdown t eglot-events-buffer-size 0)

(defun mtl-put (key value) (setq mtl-result (plist-put mtl-result key value)))
(defun mtl-step (name) (mtl-put :steps (vconcat (plist-get mtl-result :steps) (list name))))

(defun mtl-wait-until (predicate)
  "Pump the event loop until PREDICATE holds or the wait runs out; return its last value."
  (let ((deadline (+ (float-time) mtl-wait-seconds)) value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.02))
    value))

(defun mtl-lsp-diagnostics ()
  "The LSP diagnostics behind flymake's current ones, with flymake's own type for each."
  (flymake-start)
  (mapcar (lambda (d)
            (let ((lsp (alist-get 'eglot-lsp-diag (flymake-diagnostic-data d))))
              (list :lsp lsp :flymakeType (symbol-name (flymake-diagnostic-type d)))))
          (flymake-diagnostics)))

(defun mtl-shown (diagnostics)
  (vconcat (mapcar (lambda (d)
                     (let* ((lsp (plist-get d :lsp)) (range (plist-get lsp :range)))
                       (list :line (plist-get (plist-get range :start) :line)
                             :character (plist-get (plist-get range :start) :character)
                             :endLine (plist-get (plist-get range :end) :line)
                             :endCharacter (plist-get (plist-get range :end) :character)
                             :severity (plist-get lsp :severity) :code (plist-get lsp :code)
                             :source (or (plist-get lsp :source) :null) :message (plist-get lsp :message)
                             :flymakeType (plist-get d :flymakeType))))
                   diagnostics)))

(defun mtl-request (method params)
  (jsonrpc-request (eglot--current-server-or-lose) method params :timeout mtl-wait-seconds))

(defun mtl-position-params (at)
  (list :textDocument (eglot--TextDocumentIdentifier)
        :position (list :line (gethash "line" at) :character (gethash "character" at))))

(defun mtl-check (plan)
  (apply #'eglot (eglot--guess-contact))
  (let* ((server (mtl-wait-until (lambda () (eglot-current-server))))
         (caps (and server (eglot--capabilities server))))
    (unless server (error "eglot did not connect"))
    (mtl-put :capabilities (list :hover (if (plist-get caps :hoverProvider) t :false)
                                 :completion (if (plist-get caps :completionProvider) t :false)
                                 :codeAction (if (plist-get caps :codeActionProvider) t :false))))
  (mtl-put :diagnostics (mtl-shown (mtl-wait-until #'mtl-lsp-diagnostics)))
  (mtl-step "diagnostics")
  (when (and (gethash "hover" plan) (eglot--server-capable :hoverProvider))
    (let ((hover (mtl-request :textDocument/hover (mtl-position-params (gethash "hover" plan)))))
      (mtl-put :hover (or (plist-get hover :contents) :null)))
    (mtl-step "hover"))
  (when (and (gethash "cardHover" plan) (eglot--server-capable :hoverProvider))
    (let ((card (mtl-request :textDocument/hover (mtl-position-params (gethash "cardHover" plan))))
          (plain (mtl-request :textDocument/hover (mtl-position-params (gethash "plainHover" plan)))))
      (mtl-put :cardHover (or (plist-get card :contents) :null))
      (mtl-put :plainHover (or (plist-get plain :contents) :null)))
    (mtl-step "card"))
  (when (and (gethash "completion" plan) (eglot--server-capable :completionProvider))
    (let* ((completion (mtl-request :textDocument/completion (mtl-position-params (gethash "completion" plan))))
           (items (if (vectorp completion) completion (plist-get completion :items))))
      (mtl-put :completion (vconcat (mapcar (lambda (item) (plist-get item :label)) items))))
    (mtl-step "completion"))
  (let ((code (gethash "code" (gethash "codeAction" plan))))
    (when (and code (eglot--server-capable :codeActionProvider))
      (let* ((target (seq-find (lambda (d) (equal (plist-get (plist-get d :lsp) :code) code)) (mtl-lsp-diagnostics)))
             (lsp (or (plist-get target :lsp) (error "no diagnostic %s" code)))
             (actions (mtl-request :textDocument/codeAction
                                   (list :textDocument (eglot--TextDocumentIdentifier) :range (plist-get lsp :range)
                                         :context (list :diagnostics (vector lsp)))))
             (chosen (seq-find (lambda (a) (eq (plist-get a :isPreferred) t)) actions))
             (tick (buffer-chars-modified-tick)))
        (mtl-put :codeActions (vconcat (mapcar (lambda (a) (list :title (plist-get a :title) :kind (plist-get a :kind)
                                                                 :isPreferred (if (eq (plist-get a :isPreferred) t) t :false)))
                                               actions)))
        (unless chosen (error "no preferred code action"))
        (unless (plist-get chosen :edit) (setq chosen (mtl-request :codeAction/resolve chosen)))
        (mtl-put :applied (plist-get chosen :title))
        (eglot--apply-workspace-edit (plist-get chosen :edit))
        ;; Interactively an idle timer sends the change; batch Emacs is never idle, so send it now.
        (eglot--signal-textDocument/didChange)
        (mtl-put :textAfterFix (buffer-substring-no-properties (point-min) (point-max)))
        ;; eglot sends the change; wait until the server's republished diagnostics lack the fixed one.
        (mtl-put :diagnosticsAfterFix
                 (mtl-shown (mtl-wait-until
                             (lambda ()
                               (let ((now (mtl-lsp-diagnostics)))
                                 (and (/= tick (buffer-chars-modified-tick))
                                      (not (seq-find (lambda (d) (equal (plist-get (plist-get d :lsp) :code) code)) now))
                                      now))))))
        (mtl-step "codeAction")))))

(defun mtl-server-stderr ()
  "What the server wrote to stderr, kept by eglot in a buffer of its own."
  (mapconcat (lambda (buffer) (with-current-buffer buffer (buffer-string)))
             (seq-filter (lambda (buffer) (string-match-p "stderr" (buffer-name buffer))) (buffer-list))
             "\n"))

(defun mtl-write ()
  (with-temp-file (getenv "MTL_OUT")
    (insert (json-serialize mtl-result))))

(let ((plan (with-temp-buffer
              (insert-file-contents (getenv "MTL_PLAN"))
              (json-parse-buffer)))
      (status 0))
  (condition-case err
      (with-current-buffer (find-file-noselect (car command-line-args-left))
        (mtl-check plan)
        (ignore-errors (eglot-shutdown (eglot-current-server))))
    (error (mtl-put :error (concat (error-message-string err) "\n" (mtl-server-stderr))) (setq status 2)))
  (mtl-write)
  (kill-emacs status))
