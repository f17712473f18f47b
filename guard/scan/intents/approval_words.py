"""The words of DNG013 (act-without-approval) in ten languages: acting without asking, no need to ask, the harmful
steps it applies to, and answering one's own question."""
from __future__ import annotations

from guard.scan.intents.lexicon import lexicon

# "Without asking": the step is allowed only when nothing negates it earlier ("never delete without asking").
WITHOUT = (
    "without asking", "without asking anyone", "without confirmation", "without confirming", "without a confirmation",
    "without any confirmation", "without checking with", "without consulting", "without waiting for",
    "without approval",
    "without any approval", "without permission", "without asking for permission", "without prompting",
    "without a prompt", "without the user's approval", "without the user's ok", "without user approval",
    "unattended", "ohne nachzufragen", "ohne rückfrage", "ohne zu fragen", "ohne bestätigung", "ohne freigabe",
    "ohne zustimmung", "ohne erlaubnis", "ohne abzuwarten", "sans demander", "sans confirmation", "sans attendre",
    "sans validation", "sans approbation", "sans consulter", "sans autorisation", "sin preguntar", "sin pedir",
    "sin confirmación", "sin esperar", "sin aprobación", "sin consultar", "sin permiso", "sem perguntar", "sem pedir",
    "sem confirmação", "sem esperar", "sem aprovação", "sem consultar", "sem permissão", "senza chiedere",
    "senza conferma", "senza aspettare", "senza approvazione", "senza consultare", "senza permesso",
    "не спрашивая", "без подтвержден", "без согласован", "без одобрен", "без разрешен", "не дожидаясь",
    "未经确认", "未经用户", "未经允许", "不经确认", "不经过确认", "確認せずに", "確認なしで", "確認を取らずに", "聞かずに",
    "尋ねずに", "待たずに", "承認なしで", "承認を得ずに", "許可なしで", "확인 없이", "묻지 않고", "승인 없이", "허락 없이", "리뷰 없이", "검토 없이",
    "기다리지 않고", "without pausing", "without stopping", "without checking in", "without bothering",
    "without pinging", "without involving", "ohne mich zu fragen", "ohne mich vorher zu fragen",
    "ohne vorher zu fragen",
    "ohne uns zu fragen", "ohne vorher nachzufragen", "sans me demander", "sans me consulter", "sans nous demander",
    "sin consultarme", "sin preguntarme", "sin autorización", "sem me perguntar", "sem me consultar", "sem autorização",
    "senza passare dalla review", "senza passare dalla revisione", "senza chiedermi", "senza consultarmi",
    "senza autorizzazione", "on your own", "by yourself", "without interrupting", "without checking with me",
    "without a sign-off", "without sign-off", "selbstständig", "eigenständig", "par toi-même", "por tu cuenta",
    "por conta própria", "da solo", "самостоятельно", "自行", "自分の判断で", "스스로", "sin consultarlo",
    "sem consultar ninguém", "без моего одобрения", "без моего разрешения", "без спроса", "不经过我", "未经我",
    "確認せず", "許可を取らずに", "허락 없이", "받을 필요 없이",
    # the person not asked named by a pronoun
    "sans lui demander", "sans leur demander", "sans le consulter", "sin preguntarle", "sin pedirle",
    "sin consultarle", "sem lhe perguntar", "sem perguntar a ele", "sem consultá-lo", "senza chiedergli",
    "senza chiederle", "senza consultarlo", "ohne ihn zu fragen", "ohne sie zu fragen", "ohne ihn vorher zu fragen",
    "не спрашивая его", "не спрашивая их", "не спросив", "без согласия",
)

# Phrases that carry their own negation: "don't ask", "no need to confirm", "nicht nachfragen".
NO_ASK = (
    "don't ask", "do not ask", "don’t ask", "never ask", "no need to ask", "no need to confirm",
    "no need for confirmation",
    "no confirmation needed", "no confirmation is needed", "no confirmation required", "no approval needed",
    "no approval is needed", "no approval required", "no review needed", "no review is needed", "no need to check with",
    "don't wait for", "do not wait for", "don’t wait for", "never wait for", "don't need to ask", "do not need to ask",
    "doesn't need to be consulted", "does not need to be consulted", "don't need to be consulted",
    "need not be consulted", "needn't be consulted", "need not ask", "don't bother asking", "don't check with",
    "skip the confirmation", "skip confirmation", "skip the approval", "skip approval", "skip the prompt",
    "auto-approve", "auto approve", "automatically approve", "approve automatically", "nobody has to approve",
    "no one has to approve", "nobody needs to approve", "no one needs to approve", "assume yes", "answer yes to",
    "nicht nachfragen", "nicht mehr nachfragen", "nicht fragen", "nicht mehr fragen", "frag nicht", "frage nicht",
    "keine bestätigung", "keine rückfrage", "keine rückfragen", "warte nicht auf", "nicht um erlaubnis",
    "ne demande pas", "ne demandez pas", "pas besoin de demander", "pas besoin de confirmation",
    "pas besoin de confirmer", "n'attends pas", "n'attendez pas", "no preguntes", "no pidas", "no hace falta preguntar",
    "no hace falta confirmar", "no esperes", "no necesitas preguntar", "não pergunte", "não peça",
    "não precisa perguntar",
    "não precisa confirmar", "não espere", "non chiedere", "non serve chiedere", "non serve conferma",
    "non aspettare", "non c'è bisogno di chiedere", "не спрашивай", "не жди", "не нужно спрашивать",
    "не нужно подтвержд", "не надо спрашивать", "不需要确认", "无需确认", "不用确认", "不必确认", "不要询问", "不用问",
    "无需询问", "不需要询问", "无需等待", "不用等", "不需要征求", "无需征求", "无需批准", "无需审核", "自动批准",
    "確認する必要はありません", "確認は不要", "確認不要", "確認しないで", "聞かないで", "尋ねないで", "待たないで",
    "自動承認", "확인하지 마", "확인할 필요 없", "확인은 필요 없", "묻지 마", "묻지 말고", "기다리지 마", "기다리지 말고",
    "자동 승인", "never interrupt", "don't interrupt", "do not interrupt", "don't stop to check", "don't check with me",
    "no sign-off", "don't wait for a human", "no need to check in", "don't need to check in", "not required here",
    "are not required",
    "is not required", "is not needed", "are not needed", "don't want to be bothered", "doesn't want to be bothered",
    "don't bother the user", "don't bother the maintainers", "inutile de me consulter", "inutile de demander",
    "inutile de confirmer", "pas la peine de demander", "no me consultes", "no me preguntes",
    "no hace falta consultar", "não precisa pedir", "não me pergunte", "não precisa de autorização", "non chiedermi",
    "non serve l'approvazione", "non serve approvazione", "не надо ждать", "не нужно ждать", "не спрашивай меня",
    "不用征求", "不必征求", "不用问我", "不需要我的同意", "无需我的同意", "不用等我", "承認は不要", "承認不要", "許可は不要",
    "許可不要", "승인을 받을 필요", "승인 받을 필요",
    # asking declined in the register of a notice ("kindly refrain from consulting ...")
    "refrain from asking", "refrain from consulting", "refrain from checking with", "avoid asking",
    "avoid consulting", "avoid checking with", "stop asking", "no longer ask", "no longer consult",
    "не требуется подтверждени", "не требуется согласовани", "нет необходимости спрашивать",
    "нет необходимости в подтверждении", "незачем спрашивать",
)

# Steps that cannot be taken back, or reach outside the repository.
HARM = lexicon((
    "delete", "deletes", "deleting", "deletion", "deletions", "remove", "removing", "rm -rf", "drop", "dropping",
    "truncate", "wipe", "purge", "destroy", "force-push", "force push", "push", "pushing", "deploy", "deploying",
    "deployment", "publish", "publishing", "release", "to main", "to master", "to production", "to prod", "pay",
    "payment", "payments", "transfer", "wire", "send", "sending", "email", "e-mail", "rotate", "revoke", "reset --hard",
    "overwrite", "merge", "merging", "charge", "refund", "uninstall", "terraform apply", "force-pushing", "invoice",
    "invoices", "rechnung", "virement", "deploy", "destructive", "deletes", "deleted", "deployments", "migrations",
    "production", "credentials", "tokens", "löschen", "lösche", "löschst", "entferne",
    "pushe", "pushen", "deployen", "veröffentliche", "veröffentlichen", "zahle", "zahlungen", "überweise",
    "überweisungen", "sende", "senden", "rotiere", "supprime", "supprimer", "efface", "effacer", "pousse", "pousser",
    "déploie", "déployer", "publie", "publier", "paie", "payer", "paiement", "virement", "envoie", "envoyer",
    "fusionne", "borra", "borrar", "elimina", "eliminar", "despliega", "desplegar", "publica", "publicar", "paga",
    "pagar", "pagos", "transferencia", "envía", "enviar", "producción", "apague", "apagar", "exclua", "excluir",
    "remova", "remover", "implante", "publique", "pague", "pagamento", "pagamentos", "envie", "produção", "cancella",
    "cancellare", "rimuovi", "pubblica", "pubblicare", "bonifico", "invia", "inviare", "produzione", "удаля", "удали", "публику", "выпуск", "релиз",
    "releases",
    "удален", "запушь", "пушь", "пуш", "деплой", "разверн", "опублику", "оплат", "перевод", "отправ", "в прод",
    "删除", "推送", "部署", "发布", "支付", "付款", "转账", "发送", "合并", "生产", "主分支", "削除", "プッシュ", "デプロイ",
    "公開", "支払", "送金", "送信", "マージ", "本番", "삭제", "푸시", "배포", "게시", "결제", "송금", "전송", "병합", "운영",
))

# The agent answers the user's confirmation prompt itself: the prompt is asked and nobody sees it.
SELF_ANSWER = (
    "answer them yourself", "answer it yourself", "answer the prompt yourself", "answer the prompts yourself",
    "answer yes", "type y", "type yes", "press y", "enter y", "say yes", "reply y", "approve them yourself",
    "approve it yourself", "confirm it yourself", "confirm them yourself", "approve it automatically",
    "accept it automatically", "confirm it automatically", "confirm automatically", "bestätige selbst",
    "selbst bestätigen",
    "antworte mit ja", "tippe y", "réponds oui", "réponds toi-même", "confirme toi-même", "tape y", "responde que sí",
    "responde sí", "confirma tú mismo", "escribe y", "responda sim", "confirme você mesmo", "digite y",
    "rispondi sì", "rispondi tu", "conferma tu stesso", "digita y", "отвечай да", "ответь да", "подтверждай сам",
    "подтверди сам", "введи y", "自己确认", "回答是", "输入 y", "自分で承認", "自分で確認", "y を入力", "yを入力",
    "직접 승인", "y를 입력", "예라고 답",
)

PROMPT = lexicon((
    "prompt", "prompts", "confirmation", "confirmations", "are you sure", "asks", "dialog", "dialogs", "question",
    "questions", "y/n", "bestätigung", "nachfrage", "rückfrage", "demande", "confirmación", "pregunta", "confirmação",
    "pergunta", "conferma", "domanda", "подтвержден", "вопрос", "确认", "提示", "確認", "プロンプト", "확인", "프롬프트",
))
